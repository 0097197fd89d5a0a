/**
 * integration (REST, upload): a Content API create or update in multipart/form-data, as Strapi v4
 * takes it (a `data` part, `files.<attribute>` parts, also `files.<component>.<attribute>`): the entry,
 * its files and their links in one transaction. A write that fails after the files were stored (a
 * relation that does not exist) leaves no entry, no file row and no stored object; parts for no media
 * attribute are ignored, as Strapi ignores them. On the members fixture.
 */
import { readdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../../helpers/spec-dir.js';
import type { TestResponse } from '../../helpers/server.js';
import { fullPost, startMembers, type MembersServer } from '../writes/members-fixture.js';
import { knexOf } from '../users/users-fixture.js';
import { makeImage, TINY_PDF } from './upload-fixture.js';

let s: MembersServer;
let uploadDir: string;
let category: number;
let png: Buffer;
let jpg: Buffer;

test.before(async () => {
  uploadDir = tempDir('quire-uploads-');
  s = await startMembers('entry-multipart', { env: { UPLOAD_DIR: uploadDir, UPLOAD_TMP_DIR: tempDir('quire-spool-') } });
  category = (await s.request('POST', '/api/categories', { body: { data: { name: 'Photos' } }, token: s.admin })).body.data.id;
  png = await makeImage(600, 400);
  jpg = await makeImage(1200, 800, 'jpeg');
});
test.after(async () => s.stop());

async function send(method: string, path: string, data: unknown, files: [string, Buffer, string][]): Promise<TestResponse> {
  const form = new FormData();
  if (data !== undefined) form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  for (const [field, bytes, name] of files) form.append(field, new Blob([bytes]), name);
  const res = await fetch(s.url + path, { method, body: form, headers: { Authorization: `Bearer ${s.admin}` } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

const POPULATE = 'populate[cover][fields][0]=name&populate[gallery][fields][0]=name&populate[seo][populate][metaImage][fields][0]=name';
const counts = async () => ({
  posts: Number((await knexOf(s)('posts').count({ n: '*' }))[0].n),
  files: Number((await knexOf(s)('files').count({ n: '*' }))[0].n),
  objects: readdirSync(uploadDir).length,
});

test('a create with two files (and one in a component): entry, files and links in one answer', async () => {
  const r = await send('POST', `/api/posts?${POPULATE}`, fullPost(category), [
    ['files.cover', png, 'cover.png'], ['files.gallery', jpg, 'big.jpg'], ['files.seo.metaImage', png, 'meta.png'],
  ]);
  assert.is(r.status, 200, r.text);
  const a = r.body.data.attributes;
  assert.is(a.title, 'A complete post');
  assert.is(a.cover.data.attributes.name, 'cover.png');
  assert.equal(a.gallery.data.map((f: any) => f.attributes.name), ['big.jpg']);
  assert.is(a.seo.metaImage.data.attributes.name, 'meta.png');
  const files = await s.get('/api/upload/files', s.admin);
  assert.equal(files.body.map((f: any) => f.name).sort(), ['big.jpg', 'cover.png', 'meta.png']);
});

test('an update appends new files to a multiple media attribute, replaces a single one', async () => {
  const made = await send('POST', '/api/posts', fullPost(category), [['files.gallery', png, 'one.png']]);
  const id = made.body.data.id;
  const r = await send('PUT', `/api/posts/${id}?${POPULATE}`, { summary: 'With more pictures' }, [['files.gallery', jpg, 'two.jpg'], ['files.cover', png, 'new-cover.png']]);
  assert.is(r.status, 200, r.text);
  assert.equal(r.body.data.attributes.gallery.data.map((f: any) => f.attributes.name), ['one.png', 'two.jpg']);
  assert.is(r.body.data.attributes.cover.data.attributes.name, 'new-cover.png');
  assert.is(r.body.data.attributes.summary, 'With more pictures');
});

test('a write that fails after its files were stored leaves no entry, no file row, no stored object', async () => {
  const before = await counts();
  const missing = await send('POST', '/api/posts', fullPost(987654), [['files.cover', png, 'a.png'], ['files.gallery', jpg, 'b.jpg']]);
  assert.is(missing.status, 400, missing.text);
  assert.is(missing.body.error.details.errors[0].path[0], 'category');
  assert.equal(await counts(), before);
  const invalid = await send('POST', '/api/posts', { title: 'x' }, [['files.cover', png, 'a.png']]);
  assert.is(invalid.status, 400);
  assert.is(invalid.body.error.details.errors[0].message, 'title must be at least 5 characters');
  const wrongType = await send('POST', '/api/posts', fullPost(category), [['files.gallery', png, 'ok.png'], ['files.cover', TINY_PDF, 'doc.pdf']]);
  assert.is(wrongType.status, 400, wrongType.text);
  assert.match(wrongType.body.error.message, 'doc.pdf (application/pdf) is not of an allowed type (images)');
  assert.equal(await counts(), before);
});

test('the data part must be a JSON object; a part for no media attribute is ignored (not stored); a single media takes one file', async () => {
  const none = await send('POST', '/api/posts', undefined, [['files.cover', png, 'a.png']]);
  assert.equal([none.status, none.body.error.message], [400, 'The "data" part must be a JSON object']);
  const notJson = await send('POST', '/api/posts', '{"title":', []);
  assert.equal([notJson.status, notJson.body.error.message], [400, 'Request body is not valid JSON']);
  const before = await counts();
  const ignored = await send('POST', `/api/posts?${POPULATE}`, fullPost(category), [['files.title', png, 'x.png'], ['files.nothing.here', png, 'y.png']]);
  assert.is(ignored.status, 200, ignored.text);
  const after = await counts();
  assert.equal([after.posts, after.files, after.objects], [before.posts + 1, before.files, before.objects]);
  const two = await send('POST', '/api/posts', fullPost(category), [['files.cover', png, 'a.png'], ['files.cover', png, 'b.png']]);
  assert.equal([two.status, two.body.error.message], [400, 'cover holds a single file']);
});

test.run();
