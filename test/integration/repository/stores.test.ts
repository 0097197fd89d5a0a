/**
 * repository integration: the stores of records that are not plans (stores/): users-permissions
 * roles and grants, i18n locales, rate limits, password changes. Each call is its statements (onQuery
 * counts them); inside Repository.transaction every statement runs on the transaction's connection,
 * a grant's join row included, so they see its rows and go with its rollback.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NotFoundError } from '../../../engine/errors/errors.js';
import { DIALECT, openFixture, rejection, type Fixture } from './fixture.js';

let f: Fixture;

test.before(async () => {
  f = await openFixture('stores');
});

test.after(() => f.close());

const linkRows = async () =>
  (await f.knex('up_permissions_role_links').select('permission_id', 'role_id', 'permission_order').orderBy('id')).map((r: Record<string, unknown>) =>
    [Number(r.permission_id), Number(r.role_id), Number(r.permission_order)]);

test(`[${DIALECT}] roles and grants: rows, links placed last among the role's permissions, one statement per read`, async () => {
  const editor = await f.repo.roles.create({ name: 'Editor', description: '', type: 'editor' });
  const reader = await f.repo.roles.create({ name: 'Reader', description: 'reads', type: 'reader' });
  const p1 = await f.repo.roles.grant(editor, 'api::article.article.find');
  const p2 = await f.repo.roles.grant(editor, 'api::article.article.create');
  const p3 = await f.repo.roles.grant(reader, 'api::article.article.find');
  assert.equal(await linkRows(), [[p1, editor, 1], [p2, editor, 2], [p3, reader, 1]]);
  f.queries.length = 0;
  assert.equal(await f.repo.roles.list(), [{ id: editor, type: 'editor' }, { id: reader, type: 'reader' }]);
  assert.equal(await f.repo.roles.permissions(), [
    { id: p1, action: 'api::article.article.find', roleType: 'editor' },
    { id: p2, action: 'api::article.article.create', roleType: 'editor' },
    { id: p3, action: 'api::article.article.find', roleType: 'reader' },
  ]);
  assert.is(f.queries.length, 2, f.queries.join('\n'));
  await f.repo.roles.revoke([p1, p3]);
  assert.equal((await f.repo.roles.permissions()).map((p) => p.id), [p2]);
  assert.equal(await linkRows(), [[p2, editor, 2]], 'the links of revoked grants go by cascade');
  await f.knex('up_permissions').del();
  await f.knex('up_roles').del();
});

test(`[${DIALECT}] inside a transaction a grant (a row, then its join row) runs on the transaction's connection and is rolled back with it`, async () => {
  const err = await rejection(
    f.repo.transaction(async (tx) => {
      const role = await tx.roles.create({ name: 'Temp', description: '', type: 'temp' });
      const id = await tx.roles.grant(role, 'api::tag.tag.find');
      assert.equal(await tx.roles.permissions(), [{ id, action: 'api::tag.tag.find', roleType: 'temp' }], 'the transaction sees its rows');
      throw new NotFoundError('Not Found');
    }),
  );
  assert.instance(err, NotFoundError);
  assert.equal(await f.repo.roles.list(), []);
  assert.equal(await f.repo.roles.permissions(), []);
  assert.equal(await linkRows(), []);
});

test(`[${DIALECT}] locales: rows by id, created and deleted`, async () => {
  const en = await f.repo.locales.create('en', 'English (en)');
  const fr = await f.repo.locales.create('fr', 'French (fr)');
  assert.equal(await f.repo.locales.list(), [{ id: en, code: 'en', name: 'English (en)' }, { id: fr, code: 'fr', name: 'French (fr)' }]);
  await f.repo.transaction(async (tx) => {
    await tx.locales.delete([en]);
    assert.equal((await tx.locales.list()).map((l) => l.code), ['fr']);
  });
  assert.equal((await f.repo.locales.list()).map((l) => l.code), ['fr']);
  await f.knex('i18n_locale').del();
});

test(`[${DIALECT}] rate limits: one upsert per hit, windows restart, peek and clear`, async () => {
  const w = 60_000;
  f.queries.length = 0;
  assert.is(await f.repo.rateLimits.hit('login:ip:a', 1_000, w), 1);
  assert.is(await f.repo.rateLimits.hit('login:ip:a', 2_000, w), 2);
  assert.ok(f.queries.length >= 2 && f.queries.length <= 3, f.queries.join('\n'));
  assert.is(await f.repo.rateLimits.hit('login:ip:b', 2_000, w), 1);
  assert.is(await f.repo.rateLimits.peek(['login:ip:a', 'login:ip:b', 'login:ip:none'], 3_000, w), 2);
  assert.is(await f.repo.rateLimits.hit('login:ip:a', 1_000 + w, w), 1, 'a new window starts over');
  await f.repo.rateLimits.clear('login:ip:a');
  assert.is(await f.repo.rateLimits.peek(['login:ip:a'], 1_000 + w, w), 0);
});

test(`[${DIALECT}] password changes: the last one per user`, async () => {
  assert.is(await f.repo.passwordChanges.last(7), undefined);
  await f.repo.passwordChanges.record(7, 1_700_000_000_000);
  await f.repo.passwordChanges.record(7, 1_700_000_000_500);
  assert.is(await f.repo.passwordChanges.last(7), 1_700_000_000_500);
});

test.run();
