/**
 * repository integration (MySQL/MariaDB): writes without INSERT ... RETURNING, as MySQL 5.7/8 and
 * MariaDB before 10.5 need them, forced on this server by the database URL's `returning=false`: the
 * new id from the result header, the new row read back by it, missing link targets counted by the
 * header's affected rows, rate-limit counts through LAST_INSERT_ID(expr). No statement says RETURNING.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { WriteData } from '../../../engine/plan/types.js';
import { KnexRepository } from '../../../engine/repository/knex-repository.js';
import { testDatabaseUrl } from '../../helpers/database.js';
import { ARTICLE, AUTHOR, DIALECT, openFixture, rejection, TAG, type Fixture } from './fixture.js';

const it = DIALECT === 'mysql' ? test : test.skip;
if (DIALECT !== 'mysql') console.log(`[${DIALECT}] writes without INSERT ... RETURNING are MySQL's: skipped on this database`);

const write = (over: Partial<WriteData>): WriteData => ({ scalars: {}, relations: {}, media: {}, components: {}, dynamicZones: {}, ...over });
let f: Fixture;

test.before(async () => {
  if (DIALECT !== 'mysql') return;
  const url = new URL(await testDatabaseUrl('no_returning'));
  url.searchParams.set('returning', 'false');
  f = await openFixture('unused', { databaseUrl: url.toString() });
});

test.after(async () => {
  await f?.close();
});

it(`[${DIALECT}] returning=false: the dialect of the repository sends no RETURNING`, () => {
  assert.is((f.repo as KnexRepository).ctx.dialect.insertReturning, false);
});

it(`[${DIALECT}] a create without RETURNING answers its new id, its row and its links; a missing link target is a ValidationError`, async () => {
  const tags = [await f.repo.create({ kind: 'create', uid: TAG, data: write({ scalars: { name: 'one' } }) }), await f.repo.create({ kind: 'create', uid: TAG, data: write({ scalars: { name: 'two' } }) })];
  assert.is(tags[1], tags[0] + 1);
  const author = await f.repo.create({ kind: 'create', uid: AUTHOR, data: write({ scalars: { name: 'Ann' } }) });
  f.queries.length = 0;
  const id = await f.repo.transaction((tx) => tx.create({ kind: 'create', uid: ARTICLE, data: write({ scalars: { title: 'No returning' }, relations: { author: { kind: 'set', ids: [author] }, tags: { kind: 'set', ids: [tags[1], tags[0]] } } }) }));
  assert.ok(f.queries.length > 0);
  assert.equal(f.queries.filter((q) => /RETURNING/i.test(q)), []);
  const row = await f.repo.findOne({ kind: 'findOne', uid: ARTICLE, id, populate: { author: { fields: ['name'] }, tags: { fields: ['name'] } }, publicationState: 'preview' });
  assert.is(row!.title, 'No returning');
  assert.is((row!.author as { name: string }).name, 'Ann');
  assert.equal((row!.tags as { name: string }[]).map((t) => t.name), ['two', 'one']);
  const err = await rejection(f.repo.create({ kind: 'create', uid: ARTICLE, data: write({ scalars: { title: 'x' }, relations: { tags: { kind: 'set', ids: [tags[0], 987654] } } }) }));
  assert.is(err.name, 'ValidationError');
  assert.match(JSON.stringify(err.details), /1 relation\(s\) of type api::tag\.tag associated with this entity do not exist/);
});

it(`[${DIALECT}] rate-limit hits count through LAST_INSERT_ID without RETURNING, and restart when the window is over`, async () => {
  const hit = (now: number) => f.repo.rateLimits.hit('login:ip:10.0.0.9', now, 1000);
  assert.equal([await hit(10_000), await hit(10_100), await hit(10_200)], [1, 2, 3]);
  assert.is(await hit(11_500), 1, 'a new window');
  assert.is(await hit(11_600), 2);
});

test.run();
