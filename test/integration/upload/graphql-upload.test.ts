/**
 * integration (upload): the v4 GraphQL upload mutations over GraphQL multipart requests (operations,
 * map, files): upload (with info and ref/refId/field), multipleUpload, updateFileInfo, removeFile;
 * their scopes; malformed multipart requests; an Upload variable that is not a sent file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql, gqlData } from '../../helpers/graphql.js';
import { postEntry } from '../../helpers/seed-content.js';
import { gqlUpload, listDir, makeImage, startUploadServer, TINY_PDF, type UploadServer } from './upload-fixture.js';

let s: UploadServer;
let image: Buffer;

const UPLOAD = `mutation($file: Upload!, $info: FileInfoInput, $ref: String, $refId: ID, $field: String) {
  upload(file: $file, info: $info, ref: $ref, refId: $refId, field: $field) { data { id attributes { name alternativeText caption mime ext width height url formats size provider } } }
}`;

test.before(async () => {
  s = await startUploadServer('upload-graphql');
  image = await makeImage(1200, 800, 'jpeg');
});
test.after(async () => s.stop());

test('upload: one file with info, linked to an entry at once; the entity answer and the populated cover agree', async () => {
  const id = await postEntry(s, s.admin, '/api/articles', { title: 'GraphQL upload' });
  const r = await gqlUpload(s, UPLOAD, { file: null, info: { name: 'gq.jpg', alternativeText: 'alt' }, ref: 'api::article.article', refId: String(id), field: 'cover' }, { 0: ['variables.file'] }, { 0: { name: 'x.jpg', data: image } }, s.admin);
  assert.is(r.status, 200, r.text);
  assert.is(r.body.errors, undefined, r.text);
  const file = r.body.data.upload.data;
  assert.match(file.id, /^\d+$/);
  assert.equal(
    { ...file.attributes, url: undefined, formats: undefined },
    { name: 'gq.jpg', alternativeText: 'alt', caption: null, mime: 'image/jpeg', ext: '.jpg', width: 1200, height: 800, url: undefined, formats: undefined, size: Math.round(image.length / 10) / 100, provider: 'local' },
  );
  assert.equal(Object.keys(file.attributes.formats).sort(), ['large', 'medium', 'small', 'thumbnail']);
  assert.is(file.attributes.formats.thumbnail.name, 'thumbnail_gq.jpg');
  assert.ok(existsSync(join(s.uploadDir, file.attributes.url.slice('/uploads/'.length))));
  const data = await gqlData(s, `{ article(id: ${id}) { data { attributes { cover { data { id attributes { name } } } } } } }`, { token: s.admin });
  assert.equal(data.article.data.attributes.cover.data, { id: file.id, attributes: { name: 'gq.jpg' } });
  assert.equal(listDir(s.tmpDir), []);
});

test('multipleUpload: the files in order, one file may fill several variables', async () => {
  const r = await gqlUpload(s, 'mutation($files: [Upload]!) { multipleUpload(files: $files) { data { id attributes { name mime } } } }',
    { files: [null, null, null] }, { a: ['variables.files.0', 'variables.files.2'], b: ['variables.files.1'] },
    { a: { name: 'one.jpg', data: image }, b: { name: 'two.pdf', data: TINY_PDF } }, s.admin);
  assert.is(r.status, 200, r.text);
  assert.equal(r.body.data.multipleUpload.map((e: any) => e.data.attributes), [
    { name: 'one.jpg', mime: 'image/jpeg' }, { name: 'two.pdf', mime: 'application/pdf' }, { name: 'one.jpg', mime: 'image/jpeg' },
  ]);
  const ids = r.body.data.multipleUpload.map((e: any) => Number(e.data.id));
  assert.ok(ids[0] < ids[1] && ids[1] < ids[2]);
});

test('updateFileInfo and removeFile over plain JSON; missing ids: NotFoundError / null, as Strapi', async () => {
  const up = await gqlUpload(s, UPLOAD, { file: null }, { 0: ['variables.file'] }, { 0: { name: 'edit.pdf', data: TINY_PDF } }, s.admin);
  const id = up.body.data.upload.data.id;
  const url = up.body.data.upload.data.attributes.url;
  const updated = await gqlData(s, `mutation { updateFileInfo(id: ${id}, info: { caption: "cap", name: "renamed.pdf" }) { data { id attributes { name caption alternativeText } } } }`, { token: s.admin });
  assert.equal(updated.updateFileInfo.data, { id, attributes: { name: 'renamed.pdf', caption: 'cap', alternativeText: null } });
  const missing = await gql(s, 'mutation { updateFileInfo(id: 999999, info: { caption: "x" }) { data { id } } }', { token: s.admin });
  assert.is(missing.status, 200);
  assert.equal(missing.body.errors[0].extensions.error, { name: 'NotFoundError', message: 'Entity not found', details: {} });
  const removed = await gqlData(s, `mutation { removeFile(id: ${id}) { data { id attributes { name } } } }`, { token: s.admin });
  assert.equal(removed.removeFile.data, { id, attributes: { name: 'renamed.pdf' } });
  assert.not.ok(existsSync(join(s.uploadDir, url.slice('/uploads/'.length))));
  assert.equal(await gqlData(s, `mutation { removeFile(id: ${id}) { data { id } } }`, { token: s.admin }), { removeFile: null });
});

test('scopes: plugin::upload.content-api.upload / .destroy; files are not read from requesters who may not upload', async () => {
  const readOnly = await s.token('read-only');
  const files = { 0: { name: 'x.pdf', data: TINY_PDF } };
  const before = listDir(s.uploadDir);
  const forbidden = await gqlUpload(s, UPLOAD, { file: null }, { 0: ['variables.file'] }, files, readOnly);
  assert.is(forbidden.status, 403);
  assert.is((await gqlUpload(s, UPLOAD, { file: null }, { 0: ['variables.file'] }, files)).status, 403, 'public');
  const info = await gql(s, 'mutation { updateFileInfo(id: 1, info: { caption: "x" }) { data { id } } }', { token: readOnly });
  assert.is(info.body.errors[0].extensions.error.name, 'ForbiddenError');
  const uploader = await s.token('custom', ['plugin::upload.content-api.upload']);
  const ok = await gqlUpload(s, UPLOAD, { file: null }, { 0: ['variables.file'] }, files, uploader);
  assert.is(ok.status, 200, ok.text);
  const remove = await gql(s, `mutation { removeFile(id: ${ok.body.data.upload.data.id}) { data { id } } }`, { token: uploader });
  assert.is(remove.body.errors[0].extensions.error.name, 'ForbiddenError');
  assert.is(listDir(s.uploadDir).length, before.length + 1);
});

test('malformed multipart requests and Upload values that are not sent files are refused', async () => {
  const files = { 0: { name: 'x.pdf', data: TINY_PDF } };
  const cases: [Record<string, unknown>, Record<string, string[]>, Record<string, { name: string; data: Buffer }>][] = [
    [{ file: null }, { 0: ['variables.nope'] }, files],
    [{ file: null }, { 0: ['query'] }, files],
    [{ file: null }, { 1: ['variables.file'] }, files],
    [{ file: null }, { 0: ['variables.__proto__'] }, files],
  ];
  for (const [variables, map, f] of cases) {
    const r = await gqlUpload(s, UPLOAD, variables, map, f, s.admin);
    assert.is(r.status, 400, `${JSON.stringify(map)}: ${r.text}`);
  }
  const form = new FormData();
  form.append('operations', '[{"query":"{ __typename }"}]');
  form.append('map', '{}');
  const batch = await fetch(s.url + '/graphql', { method: 'POST', body: form, headers: { Authorization: `Bearer ${s.admin}` } });
  assert.is(batch.status, 400);
  const forged = await gql(s, UPLOAD, { variables: { file: { path: '/etc/passwd', filename: 'x' } }, token: s.admin });
  assert.is(forged.status, 400);
  assert.match(forged.body.errors[0].message, /Upload/);
  assert.equal(listDir(s.tmpDir), []);
});

test.run();
