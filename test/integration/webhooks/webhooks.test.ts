/**
 * integration (webhooks): a local receiver gets Strapi v4's events for every door, with the body
 * Strapi 4.26.2 sends (`{event, createdAt, model, uid, entry}`, `{event, createdAt, media}`, the
 * entry flat and without private attributes, `X-Strapi-Event` and the webhook's headers), a delivery
 * id and an HMAC signature; a write that fails or rolls back leaves no delivery; webhooks of Strapi's
 * `strapi_webhooks` table are sent to as well; `quire webhooks list|deliveries|test`.
 */
import { createHmac } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import knexFactory from 'knex';
import { runWrite } from '../../../engine/actions/write-transaction.js';
import { planCreate } from '../../../engine/plan/plan-create.js';
import { main } from '../../../engine/cli.js';
import { gqlData } from '../../helpers/graphql.js';
import type { TestServer } from '../../helpers/server.js';
import { MULTILINGUAL_SPEC, runCli } from '../../helpers/spec-dir.js';
import { WebhookReceiver, type Received } from '../../helpers/webhook-receiver.js';
import { makeImage, postFiles } from '../upload/upload-fixture.js';
import { SECRET, startWebhookServer, webhookArtifacts } from './webhooks-fixture.js';
import { testDatabaseUrl } from '../../helpers/database.js';

const ALL = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'];
const receiver = new WebhookReceiver();
const other = new WebhookReceiver();
let s: TestServer;
let artifacts: string;
let admin: string;

/** the deliveries received while `write` runs (and just after), in order */
async function during(count: number, write: () => Promise<unknown>): Promise<Received[]> {
  const before = receiver.received.length;
  await write();
  await receiver.waitFor(before + count);
  await new Promise((r) => setTimeout(r, 150));
  return receiver.received.slice(before);
}

const events = (rs: Received[]) => rs.map((r) => r.body.event);

test.before(async () => {
  await receiver.start();
  await other.start();
  artifacts = await webhookArtifacts({
    defaultHeaders: { 'X-Site': 'example' },
    webhooks: [
      { name: 'site', url: receiver.url, headers: { Authorization: 'Bearer ${env:HOOK_TOKEN}' }, events: ALL, secretEnv: 'HOOK_SECRET' },
      { name: 'search', url: other.url, events: ['entry.delete'] },
      { name: 'off', url: other.url, events: ALL, enabled: false },
    ],
  });
  s = await startWebhookServer('webhooks', artifacts, { HOOK_TOKEN: 'hook-token', UPLOAD_DIR: (await import('../../helpers/spec-dir.js')).tempDir('quire-uploads-') });
  admin = await s.token('full-access');
});
test.after(async () => {
  await s.stop();
  await receiver.stop();
  await other.stop();
});

test('REST: create, update, publish, unpublish, delete, each Strapi-shaped, private attributes left out', async () => {
  const [created] = await during(1, async () => {
    const r = await s.request('POST', '/api/articles', { body: { data: { title: 'Hello hooks', internalNotes: 'not for you', previewPassword: 'pw-123456' } }, token: admin });
    assert.is(r.status, 200, r.text);
  });
  const body = created.body;
  assert.equal(Object.keys(body), ['event', 'createdAt', 'model', 'uid', 'entry']);
  assert.is(body.event, 'entry.create');
  assert.is(body.model, 'article');
  assert.is(body.uid, 'api::article.article');
  assert.ok(!Number.isNaN(Date.parse(body.createdAt)));
  assert.is(body.entry.title, 'Hello hooks');
  assert.is(typeof body.entry.publishedAt, 'string', 'published on create, as Strapi\'s REST create does');
  assert.not.ok('internalNotes' in body.entry, 'private attribute');
  assert.not.ok('previewPassword' in body.entry, 'private password');
  assert.not.ok('data' in body.entry || 'attributes' in body.entry, 'flat, as Strapi sends it');
  // Strapi's headers and the webhook's own
  assert.is(created.headers['x-strapi-event'], 'entry.create');
  assert.is(created.headers['content-type'], 'application/json');
  assert.is(created.headers.authorization, 'Bearer hook-token', '${env:HOOK_TOKEN} replaced when sent');
  assert.is(created.headers['x-site'], 'example');
  assert.match(String(created.headers['x-quire-delivery']), /^[0-9a-f-]{36}$/);
  const id = body.entry.id;
  // Strapi 4.26.2 sends entry.update for a Content API update that publishes or unpublishes
  const rest = await during(4, async () => {
    assert.is((await s.request('PUT', `/api/articles/${id}`, { body: { data: { title: 'Hello hooks 2' } }, token: admin })).status, 200);
    assert.is((await s.request('PUT', `/api/articles/${id}`, { body: { data: { publishedAt: null } }, token: admin })).status, 200);
    assert.is((await s.request('PUT', `/api/articles/${id}`, { body: { data: { publishedAt: '2026-01-01T00:00:00.000Z' } }, token: admin })).status, 200);
    assert.is((await s.request('DELETE', `/api/articles/${id}`, { token: admin })).status, 200);
  });
  assert.equal(events(rest), ['entry.update', 'entry.update', 'entry.update', 'entry.delete']);
  assert.is(rest[1].body.entry.publishedAt, null);
  assert.is(rest[2].body.entry.publishedAt, '2026-01-01T00:00:00.000Z');
  assert.is(rest[3].body.entry.title, 'Hello hooks 2', 'a delete carries the entry as it was');
  // the webhook that listens to entry.delete only got that one; the disabled one nothing
  await other.waitFor(1);
  assert.equal(other.received.map((r) => r.body.event), ['entry.delete']);
});

test('the entry carries what the request populated, as Strapi sends it', async () => {
  let tag = 0;
  const [, ev] = await during(2, async () => {
    tag = (await s.request('POST', '/api/tags', { body: { data: { name: 'hooked' } }, token: admin })).body.data.id;
    const r = await s.request('POST', '/api/articles?populate=tags', { body: { data: { title: 'With a tag', tags: [tag] } }, token: admin });
    assert.is(r.status, 200, r.text);
  });
  assert.ok(Array.isArray(ev.body.entry.tags), JSON.stringify(ev.body.entry));
  assert.equal(ev.body.entry.tags.map((t: { id: number; name: string }) => [t.id, t.name]), [[tag, 'hooked']]);
});

test('GraphQL: create, update, delete', async () => {
  const rs = await during(3, async () => {
    const d = await gqlData(s, 'mutation { createTag(data: { name: "gql-hook" }) { data { id } } }', { token: admin });
    const id = d.createTag.data.id;
    await gqlData(s, `mutation { updateTag(id: "${id}", data: { name: "gql-hook-2" }) { data { id } } }`, { token: admin });
    await gqlData(s, `mutation { deleteTag(id: "${id}") { data { id } } }`, { token: admin });
  });
  assert.equal(events(rs), ['entry.create', 'entry.update', 'entry.delete']);
  assert.equal(rs.map((r) => r.body.model), ['tag', 'tag', 'tag']);
  assert.is(rs[1].body.entry.name, 'gql-hook-2');
});

test('upload: media.create, media.update, media.delete with `media`, not `entry`', async () => {
  const png = await makeImage(20, 10);
  let answered: Record<string, unknown> = {};
  const rs = await during(3, async () => {
    const up = await postFiles(s, [{ name: 'hook.png', data: png, type: 'image/png' }], {}, { token: admin });
    assert.is(up.status, 200, up.text);
    answered = up.body[0];
    const id = up.body[0].id;
    assert.is((await s.request('POST', `/api/upload?id=${id}`, { body: { fileInfo: { alternativeText: 'alt' } }, token: admin })).status, 200);
    assert.is((await s.request('DELETE', `/api/upload/files/${id}`, { token: admin })).status, 200);
  });
  assert.equal(events(rs), ['media.create', 'media.update', 'media.delete']);
  assert.equal(Object.keys(rs[0].body), ['event', 'createdAt', 'media']);
  assert.is(rs[0].body.media.name, 'hook.png');
  // the file as the upload route answers it (Strapi 4.26.2: id, name, alternativeText, caption, width,
  // height, formats, hash, ext, mime, size, url, previewUrl, provider, provider_metadata, createdAt, updatedAt)
  assert.equal(rs[0].body.media, answered);
  assert.is(rs[0].body.media.mime, 'image/png');
  assert.is(rs[1].body.media.alternativeText, 'alt');
});

test('users-permissions: register sends entry.create of the user without the password', async () => {
  const [ev] = await during(1, async () => {
    const r = await s.request('POST', '/api/auth/local/register', { body: { username: 'hooky', email: 'hooky@example.com', password: 'Secret123' } });
    assert.is(r.status, 200, r.text);
  });
  assert.is(ev.body.model, 'user');
  assert.is(ev.body.uid, 'plugin::users-permissions.user');
  assert.is(ev.body.entry.username, 'hooky');
  assert.not.ok('password' in ev.body.entry);
});

test('the signature is the HMAC-SHA256 of the exact body with the webhook secret', async () => {
  const [ev] = await during(1, async () => s.request('POST', '/api/tags', { body: { data: { name: 'signed' } }, token: admin }));
  const expected = `sha256=${createHmac('sha256', SECRET).update(ev.raw).digest('hex')}`;
  assert.is(ev.headers['x-quire-signature'], expected);
  const forged = `sha256=${createHmac('sha256', 'another-secret').update(ev.raw).digest('hex')}`;
  assert.is.not(ev.headers['x-quire-signature'], forged);
  // a webhook without a secret is not signed
  await other.waitFor(1);
  assert.is(other.received[0].headers['x-quire-signature'], undefined);
});

test('a write that fails, or rolls back after queuing its change, leaves no delivery', async () => {
  const before = (await s.running.app.repo.webhooks.list({ limit: 1000 })).length;
  assert.is((await s.request('POST', '/api/articles', { body: { data: { title: 'ab' } }, token: admin })).status, 400);
  assert.is((await s.request('PUT', '/api/tags/999999', { body: { data: { name: 'x' } }, token: admin })).status, 404);
  // the change and its outbox row are written in one transaction: when it rolls back after both, neither stays
  const actions = s.running.app.actions;
  const plan = planCreate(actions.model, 'api::tag.tag', { data: { name: 'rolled back' } }, { now: new Date() });
  await s.running.app.repo.transaction(async (outer) => {
    await runWrite({ ...actions, repo: outer }, async (tx, queue) => {
      const id = await tx.create(plan);
      queue.add('entry.create', 'api::tag.tag', { id, name: 'rolled back' });
    });
    assert.is((await outer.webhooks.list({ limit: 1000 })).length, before + 1, 'the delivery is written with the change');
    throw new Error('fails after the change was recorded');
  }).then(
    () => assert.unreachable('the write should fail'),
    (err: Error) => assert.match(err.message, 'fails after'),
  );
  await new Promise((r) => setTimeout(r, 200));
  assert.is((await s.running.app.repo.webhooks.list({ limit: 1000 })).length, before, 'no outbox row');
  assert.equal(receiver.received.filter((r) => r.body?.entry?.name === 'rolled back'), []);
});

test('quire webhooks list, deliveries, test', async () => {
  const env = process.env;
  process.env = { ...env, DATABASE_URL: s.databaseUrl, HOOK_SECRET: SECRET, HOOK_TOKEN: 'hook-token' };
  try {
    const list = await runCli(main, ['webhooks', 'list', '--artifacts', artifacts]);
    assert.is(list.code, 0, list.err.join('\n'));
    assert.match(list.out.join('\n'), /site\s+config\s+yes\s+http:\/\/127\.0\.0\.1:\d+\/hook\s+entry\.create,/);
    assert.match(list.out.join('\n'), /off\s+config\s+no/);
    const deliveries = await runCli(main, ['webhooks', 'deliveries', '--artifacts', artifacts, '--limit', '5']);
    assert.is(deliveries.code, 0);
    assert.match(deliveries.out[0], /^ID\s+DELIVERY\s+WEBHOOK\s+EVENT\s+STATUS\s+ATTEMPTS/);
    assert.is(deliveries.out.length, 6);
    assert.match(deliveries.out[1], /delivered\s+1\s+200/);
    const failed = await runCli(main, ['webhooks', 'deliveries', '--artifacts', artifacts, '--failed']);
    assert.equal(failed.out, ['no failed deliveries']);
    const before = receiver.received.length;
    const t = await runCli(main, ['webhooks', 'test', 'site', '--artifacts', artifacts]);
    assert.is(t.code, 0, t.err.join('\n'));
    assert.match(t.out[0], /site: http:\/\/127\.0\.0\.1:\d+\/hook answered 200/);
    const [trigger] = receiver.received.slice(before);
    assert.equal(Object.keys(trigger.body), ['event', 'createdAt']);
    assert.is(trigger.body.event, 'trigger-test');
    assert.is(trigger.headers['x-strapi-event'], 'trigger-test');
    assert.is(trigger.headers.authorization, 'Bearer hook-token');
    assert.is(trigger.headers['x-quire-signature'], `sha256=${createHmac('sha256', SECRET).update(trigger.raw).digest('hex')}`);
    const missing = await runCli(main, ['webhooks', 'test', 'nope', '--artifacts', artifacts]);
    assert.is(missing.code, 1);
    assert.match(missing.err[0], 'no webhook named "nope"');
  } finally {
    process.env = env;
  }
});

test('i18n: a new localization, over REST and GraphQL, is an entry.create with its locale', async () => {
  const local = new WebhookReceiver();
  await local.start();
  const m = await startWebhookServer('webhooks-i18n', await webhookArtifacts([{ name: 'site', url: local.url, events: ['entry.create'] }], MULTILINGUAL_SPEC));
  try {
    const token = await m.token('full-access');
    const en = await m.request('POST', '/api/products', { body: { data: { name: 'Chair', sku: 'C-1' } }, token });
    assert.is(en.status, 200, en.text);
    assert.is((await m.request('POST', `/api/products/${en.body.data.id}/localizations`, { body: { name: 'Chaise', locale: 'fr' }, token })).status, 200);
    await gqlData(m, `mutation { createProductLocalization(id: "${en.body.data.id}", data: { name: "Stuhl" }, locale: "de") { data { id } } }`, { token });
    const rs = await local.waitFor(3);
    assert.equal(rs.map((r) => [r.body.event, r.body.model, r.body.entry.name, r.body.entry.locale]), [
      ['entry.create', 'product', 'Chair', 'en'],
      ['entry.create', 'product', 'Chaise', 'fr'],
      ['entry.create', 'product', 'Stuhl', 'de'],
    ]);
  } finally {
    await m.stop();
    await local.stop();
  }
});

/** a knex of the test's database, apart from the server's, as Strapi would write to it */
function directKnex(databaseUrl: string) {
  if (databaseUrl.startsWith('sqlite:')) return knexFactory({ client: 'better-sqlite3', connection: { filename: databaseUrl.slice(7) }, useNullAsDefault: true });
  if (/^(mysql|mariadb):/.test(databaseUrl)) return knexFactory({ client: 'mysql2', connection: databaseUrl.replace(/^mariadb:/, 'mysql:') });
  return knexFactory({ client: 'pg', connection: databaseUrl });
}

test('a Strapi database: the webhooks of strapi_webhooks are sent to, disabled ones not', async () => {
  const plain = new WebhookReceiver();
  await plain.start();
  const databaseUrl = await testDatabaseUrl('webhooks-strapi-table');
  // the table as Strapi 4.26.2 creates it (json columns, boolean enabled)
  const knex = directKnex(databaseUrl);
  try {
    await knex.schema.createTable('strapi_webhooks', (t) => {
      t.increments('id');
      t.string('name');
      t.text('url');
      t.json('headers');
      t.json('events');
      t.boolean('enabled');
    });
    await knex('strapi_webhooks').insert([
      { name: 'from-admin', url: plain.url, headers: JSON.stringify({ 'X-Custom': 'yes' }), events: JSON.stringify(['entry.create']), enabled: true },
      { name: 'disabled', url: plain.url, headers: JSON.stringify({}), events: JSON.stringify(['entry.create']), enabled: false },
    ]);
  } finally {
    await knex.destroy();
  }
  const noConfig = await webhookArtifacts([]);
  const t = await startWebhookServer('webhooks-strapi-table', noConfig, {}, databaseUrl);
  try {
    assert.equal(t.running.app.webhooks?.set.all().map((w) => [w.name, w.source, w.enabled]), [['from-admin', 'database', true], ['disabled', 'database', false]]);
    const token = await t.token('full-access');
    assert.is((await t.request('POST', '/api/tags', { body: { data: { name: 'from strapi table' } }, token })).status, 200);
    const [ev] = await plain.waitFor(1);
    await new Promise((r) => setTimeout(r, 150));
    assert.is(plain.received.length, 1, 'the disabled webhook got nothing');
    assert.is(ev.body.event, 'entry.create');
    assert.is(ev.body.entry.name, 'from strapi table');
    assert.is(ev.headers['x-custom'], 'yes');
  } finally {
    await t.stop();
  }
  // a delivery waiting for a webhook disabled in the meantime is dropped, not sent
  const writer = await startWebhookServer('webhooks-strapi-table', noConfig, { WEBHOOKS_DELIVER: 'false' }, databaseUrl);
  try {
    assert.is((await writer.request('POST', '/api/tags', { body: { data: { name: 'after disabling' } }, token: await writer.token('full-access') })).status, 200);
  } finally {
    await writer.stop();
  }
  const knex2 = directKnex(databaseUrl);
  await knex2('strapi_webhooks').where({ name: 'from-admin' }).update({ enabled: false });
  await knex2.destroy();
  const t2 = await startWebhookServer('webhooks-strapi-table', noConfig, {}, databaseUrl);
  try {
    const until = Date.now() + 10_000;
    let latest = (await t2.running.app.repo.webhooks.list({ limit: 1 }))[0];
    while (latest.status === 'pending' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 25));
      latest = (await t2.running.app.repo.webhooks.list({ limit: 1 }))[0];
    }
    assert.equal([latest.status, latest.attempts, latest.lastError], ['failed', 0, 'the webhook is disabled']);
    assert.is(plain.received.length, 1, 'nothing more sent');
  } finally {
    await t2.stop();
    await plain.stop();
  }
});

test.run();
