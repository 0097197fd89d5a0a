/**
 * integration (actions): every write through every door (REST, GraphQL, the upload, users-permissions
 * and i18n routes) publishes exactly one change event, after its transaction has committed (a read
 * from outside the transaction, made when the event arrives, sees the change); a write that fails,
 * even half way through its transaction, publishes none; reads and logins publish nothing; a listener
 * that throws does not fail the request.
 */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ChangeEvent } from '../../../engine/actions/events.js';
import { gql, gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestResponse, type TestServer } from '../../helpers/server.js';
import { MULTILINGUAL_SPEC } from '../../helpers/spec-dir.js';
import { gqlUpload, makeImage, postFiles, startUploadServer, type UploadServer } from '../upload/upload-fixture.js';

const TAG = 'api::tag.tag';
const HOME = 'api::homepage.homepage';
const ARTICLE = 'api::article.article';
const USER = 'plugin::users-permissions.user';
const FILE = 'plugin::upload.file';
const PRODUCT = 'api::product.product';

interface Seen {
  event: ChangeEvent;
  /** whether a read outside the transaction, made when the event arrived, finds the entry */
  committed: Promise<boolean>;
}

let s: UploadServer;
let admin: string;
let png: Buffer;
const seen: Seen[] = [];

function listen(server: TestServer): void {
  const app = server.running.app;
  app.actions.changes.subscribe((event) => {
    const committed = app.repo
      .findOne({ kind: 'findOne', uid: event.uid, id: event.entry.id, fields: [], populate: {}, publicationState: 'preview' })
      .then((row) => row !== undefined);
    seen.push({ event, committed });
  });
}

/** Runs `write` and checks it published exactly one change of `kind` on `uid`, after the commit; returns the write's result. */
async function one<T>(kind: ChangeEvent['event'], uid: string, write: () => Promise<T>): Promise<T> {
  seen.length = 0;
  const result = await write();
  assert.is(seen.length, 1, `${kind} ${uid}: ${seen.map((x) => `${x.event.event} ${x.event.uid}`).join(', ') || 'no event'}`);
  const [{ event, committed }] = seen;
  assert.is(event.event, kind);
  assert.is(event.uid, uid);
  assert.ok(Number.isInteger(event.entry.id));
  assert.ok(event.createdAt instanceof Date);
  assert.is(await committed, !kind.endsWith('.delete'), `${kind}: the change is visible outside the transaction when the event arrives`);
  return result;
}

async function none(what: string, write: () => Promise<unknown>): Promise<void> {
  seen.length = 0;
  await write();
  assert.equal(seen.map((x) => x.event.event), [], what);
}

const ok = (r: TestResponse) => {
  assert.is(r.status, 200, r.text);
  return r;
};

test.before(async () => {
  s = await startUploadServer('actions-events');
  admin = s.admin;
  png = await makeImage(40, 30);
  listen(s);
});
test.after(async () => s.stop());

test('REST: create, update, delete of a collection type; a single type created, updated, deleted', async () => {
  const created = await one('entry.create', TAG, async () => ok(await s.request('POST', '/api/tags', { body: { data: { name: 'events-1' } }, token: admin })));
  const id = created.body.data.id;
  assert.is(seen[0].event.entry.name, 'events-1', 'the entry as read back');
  await one('entry.update', TAG, async () => ok(await s.request('PUT', `/api/tags/${id}`, { body: { data: { name: 'events-1b' } }, token: admin })));
  await one('entry.delete', TAG, async () => ok(await s.request('DELETE', `/api/tags/${id}`, { token: admin })));
  assert.is(seen[0].event.entry.name, 'events-1b', 'a delete carries the entry as it was');
  await one('entry.create', HOME, async () => ok(await s.request('PUT', '/api/homepage', { body: { data: { title: 'Home' } }, token: admin })));
  await one('entry.update', HOME, async () => ok(await s.request('PUT', '/api/homepage', { body: { data: { title: 'Home 2' } }, token: admin })));
  await one('entry.delete', HOME, async () => ok(await s.request('DELETE', '/api/homepage', { token: admin })));
});

test('GraphQL: create, update, delete', async () => {
  const d = await one('entry.create', TAG, () => gqlData(s, 'mutation { createTag(data: { name: "events-2" }) { data { id } } }', { token: admin }));
  const id = d.createTag.data.id;
  await one('entry.update', TAG, () => gqlData(s, `mutation { updateTag(id: "${id}", data: { name: "events-2b" }) { data { id } } }`, { token: admin }));
  await one('entry.delete', TAG, () => gqlData(s, `mutation { deleteTag(id: "${id}") { data { id } } }`, { token: admin }));
  await one('entry.create', ARTICLE, () => gqlData(s, 'mutation { createArticle(data: { title: "A draft" }) { data { id } } }', { token: admin }));
});

test('upload plugin, REST and GraphQL: one media change per file written', async () => {
  const [file] = (await one('media.create', FILE, async () => ok(await postFiles(s, [{ name: 'a.png', data: png, type: 'image/png' }], {}, { token: admin })))).body;
  await one('media.update', FILE, async () => ok(await s.request('POST', `/api/upload?id=${file.id}`, { body: { fileInfo: { alternativeText: 'alt' } }, token: admin })));
  await one('media.delete', FILE, async () => ok(await s.request('DELETE', `/api/upload/files/${file.id}`, { token: admin })));
  const up = await one('media.create', FILE, async () => ok(await gqlUpload(s, 'mutation($f: Upload!) { upload(file: $f) { data { id } } }', { f: null }, { 0: ['variables.f'] }, { 0: { name: 'b.png', data: png, type: 'image/png' } }, admin)));
  const gid = up.body.data.upload.data.id;
  await one('media.update', FILE, () => gqlData(s, `mutation { updateFileInfo(id: "${gid}", info: { caption: "c" }) { data { id } } }`, { token: admin }));
  await one('media.delete', FILE, () => gqlData(s, `mutation { removeFile(id: "${gid}") { data { id } } }`, { token: admin }));
  seen.length = 0;
  ok(await postFiles(s, [{ name: 'c.png', data: png, type: 'image/png' }, { name: 'd.png', data: png, type: 'image/png' }], {}, { token: admin }));
  assert.equal(seen.map((x) => x.event.event), ['media.create', 'media.create'], 'two files, two changes');
});

test('users-permissions: register (REST and GraphQL), update and delete publish one change; login and reads none', async () => {
  const reg = await one('entry.create', USER, async () => ok(await s.request('POST', '/api/auth/local/register', { body: { username: 'eve', email: 'eve@example.com', password: 'Secret123' } })));
  assert.not.ok('password' in reg.body.user);
  const id = reg.body.user.id;
  await one('entry.create', USER, () => gqlData(s, 'mutation { register(input: { username: "mallory", email: "mallory@example.com", password: "Secret123" }) { jwt } }'));
  await none('login', async () => ok(await s.request('POST', '/api/auth/local', { body: { identifier: 'eve', password: 'Secret123' } })));
  await none('reads', async () => {
    ok(await s.request('GET', '/api/tags'));
    ok(await s.request('GET', `/api/users/${id}`, { token: admin }));
    await gqlData(s, '{ tags { data { id } } }');
  });
  await one('entry.update', USER, async () => ok(await s.request('PUT', `/api/users/${id}`, { body: { username: 'eve2' }, token: admin })));
  await one('entry.delete', USER, async () => ok(await s.request('DELETE', `/api/users/${id}`, { token: admin })));
});

test('failed writes publish nothing: refused before writing, or rolled back half way', async () => {
  ok(await s.request('POST', '/api/tags', { body: { data: { name: 'taken' } }, token: admin }));
  await none('unique violation', async () => assert.is((await s.request('POST', '/api/tags', { body: { data: { name: 'taken' } }, token: admin })).status, 400));
  await none('validation', async () => assert.is((await s.request('POST', '/api/articles', { body: { data: { title: 'ab' } }, token: admin })).status, 400));
  await none('missing relation', async () => assert.is((await s.request('POST', '/api/articles', { body: { data: { title: 'With tags', tags: [999999] } }, token: admin })).status, 400));
  await none('GraphQL update of a missing id', async () => assert.is((await gql(s, 'mutation { updateTag(id: "999999", data: { name: "x" }) { data { id } } }', { token: admin })).body.errors[0].extensions.code, 'STRAPI_NOT_FOUND_ERROR'));
  const before = (await s.request('GET', '/api/upload/files', { token: admin })).body.length;
  // the file rows are inserted, then the entry to attach them to is found missing: everything rolls back
  await none('upload attached to a missing entry', async () => {
    const r = await postFiles(s, [{ name: 'e.png', data: png, type: 'image/png' }], { ref: ARTICLE, refId: '999999', field: 'cover' }, { token: admin });
    assert.is(r.status, 400, r.text);
  });
  assert.is((await s.request('GET', '/api/upload/files', { token: admin })).body.length, before, 'no file row left behind');
});

test('a listener that throws does not fail the request', async () => {
  const off = s.running.app.actions.changes.subscribe(() => {
    throw new Error('listener failure');
  });
  try {
    await one('entry.create', TAG, async () => ok(await s.request('POST', '/api/tags', { body: { data: { name: 'events-3' } }, token: admin })));
  } finally {
    off();
  }
});

test('i18n: a new localization, over REST and GraphQL, is one entry.create', async () => {
  const m = await startTestServer({ name: 'actions-events-i18n', artifactsDir: join(MULTILINGUAL_SPEC, 'artifacts') });
  try {
    listen(m);
    const token = await m.token('full-access');
    const en = await one('entry.create', PRODUCT, async () => ok(await m.request('POST', '/api/products', { body: { data: { name: 'Chair', sku: 'C-1' } }, token })));
    await one('entry.create', PRODUCT, async () => ok(await m.request('POST', `/api/products/${en.body.data.id}/localizations`, { body: { name: 'Chaise', locale: 'fr' }, token })));
    await one('entry.create', PRODUCT, () => gqlData(m, `mutation { createProductLocalization(id: "${en.body.data.id}", data: { name: "Stuhl" }, locale: "de") { data { id } } }`, { token }));
    // a shared attribute written to the entry is copied to its localizations in the same transaction: still one change
    await one('entry.update', PRODUCT, async () => ok(await m.request('PUT', `/api/products/${en.body.data.id}`, { body: { data: { sku: 'C-2' } }, token })));
  } finally {
    await m.stop();
  }
});

test.run();
