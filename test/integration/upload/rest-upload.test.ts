/**
 * integration (upload): the upload plugin's REST routes on the dialect under test with the local
 * provider: records and formats as Strapi 4.26 answers them, fileInfo, list/get with the planner's
 * parameters, updates by ?id, deletes (record, objects), permissions, and /uploads serving.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listDir, makeImage, postFiles, startUploadServer, TINY_PDF, type UploadServer } from './upload-fixture.js';

let s: UploadServer;
let png1200: Buffer;
let jpg600: Buffer;

const RECORD_KEYS = ['id', 'name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt'];
const FORMAT_KEYS = ['name', 'hash', 'ext', 'mime', 'path', 'width', 'height', 'size', 'sizeInBytes', 'url'].sort();
/** JSON keys in order of writing on SQLite; PostgreSQL's jsonb reorders them (as Strapi's does there). */
const keys = (o: object) => Object.keys(o).sort();

test.before(async () => {
  s = await startUploadServer('upload-rest');
  png1200 = await makeImage(1200, 800);
  jpg600 = await makeImage(600, 400, 'jpeg');
});
test.after(async () => s.stop());

async function upload(files: Parameters<typeof postFiles>[1], fields: Record<string, string | string[]> = {}): Promise<any[]> {
  const r = await postFiles(s, files, fields, { token: s.admin });
  assert.is(r.status, 200, r.text);
  return r.body;
}

test('a 1200x800 PNG: a flat record with Strapi fields, thumbnail/large/medium/small of the right sizes, objects on disk', async () => {
  const [file] = await upload([{ name: 'photo.png', data: png1200, type: 'image/png' }]);
  assert.equal(Object.keys(file), RECORD_KEYS);
  assert.ok(Number.isInteger(file.id));
  assert.is(file.name, 'photo.png');
  assert.is(file.alternativeText, null);
  assert.is(file.caption, null);
  assert.is(file.width, 1200);
  assert.is(file.height, 800);
  assert.match(file.hash, /^photo_[0-9a-f]{10}$/);
  assert.is(file.ext, '.png');
  assert.is(file.mime, 'image/png');
  // re-encoded smaller (sizeOptimization, on by default as in Strapi): size is what is stored
  const onDisk = readFileSync(join(s.uploadDir, `${file.hash}.png`));
  assert.ok(onDisk.length < png1200.length);
  assert.is(file.size, Math.round((onDisk.length / 1000) * 100) / 100);
  assert.is(file.url, `/uploads/${file.hash}.png`);
  assert.is(file.previewUrl, null);
  assert.is(file.provider, 'local');
  assert.is(file.provider_metadata, null);
  assert.equal(keys(file.formats), ['large', 'medium', 'small', 'thumbnail']);
  const sizes = Object.fromEntries(Object.entries(file.formats).map(([k, f]: [string, any]) => [k, [f.width, f.height]]));
  assert.equal(sizes, { thumbnail: [234, 156], large: [1000, 667], medium: [750, 500], small: [500, 333] });
  for (const [key, f] of Object.entries<any>(file.formats)) {
    assert.equal(keys(f), FORMAT_KEYS);
    assert.is(f.name, `${key}_photo.png`);
    assert.is(f.hash, `${key}_${file.hash}`);
    assert.is(f.ext, '.png');
    assert.is(f.mime, 'image/png');
    assert.is(f.path, null);
    assert.is(f.url, `/uploads/${key}_${file.hash}.png`);
    assert.is(f.size, Math.round((f.sizeInBytes / 1000) * 100) / 100);
    const stored = join(s.uploadDir, `${key}_${file.hash}.png`);
    assert.ok(existsSync(stored), stored);
    const meta = await sharp(stored).metadata();
    assert.equal([meta.width, meta.height], [f.width, f.height]);
  }
  assert.ok(existsSync(join(s.uploadDir, `${file.hash}.png`)));
  assert.equal(listDir(s.tmpDir), [], 'spooled request files are removed');
});

test('a 600x400 JPEG gets thumbnail and small only; a PDF gets no dimensions and no formats', async () => {
  const [jpg, pdf] = await upload([{ name: 'small.jpg', data: jpg600 }, { name: 'doc.pdf', data: TINY_PDF }]);
  assert.equal(keys(jpg.formats), ['small', 'thumbnail']);
  assert.equal([jpg.formats.thumbnail.width, jpg.formats.thumbnail.height, jpg.formats.small.width, jpg.formats.small.height], [234, 156, 500, 333]);
  assert.is(jpg.mime, 'image/jpeg');
  assert.is(pdf.mime, 'application/pdf');
  assert.is(pdf.ext, '.pdf');
  assert.is(pdf.width, null);
  assert.is(pdf.height, null);
  assert.is(pdf.formats, null);
  assert.is(pdf.size, 0.19);
  assert.ok(pdf.id > jpg.id, 'records in the order the files were sent');
});

test('fileInfo renames the file and its formats and sets alternativeText/caption; an array matches the files', async () => {
  const [one] = await upload([{ name: 'up-1200.png', data: png1200 }], { fileInfo: JSON.stringify({ name: 'Hero Image', alternativeText: 'alt', caption: 'cap' }) });
  assert.is(one.name, 'Hero Image');
  assert.match(one.hash, /^Hero_Image_[0-9a-f]{10}$/);
  assert.is(one.ext, '.png');
  assert.is(one.alternativeText, 'alt');
  assert.is(one.caption, 'cap');
  assert.is(one.formats.thumbnail.name, 'thumbnail_Hero Image');
  const [a, b] = await upload([{ name: 'a.jpg', data: jpg600 }, { name: 'b.pdf', data: TINY_PDF }], { fileInfo: JSON.stringify([{ name: 'first.jpg' }, { caption: 'second' }]) });
  assert.is(a.name, 'first.jpg');
  assert.match(a.hash, /^first_[0-9a-f]{10}$/);
  assert.is(a.formats.small.name, 'small_first.jpg');
  assert.is(b.name, 'b.pdf');
  assert.is(b.caption, 'second');
  const bad = await postFiles(s, [{ name: 'c.pdf', data: TINY_PDF }], { fileInfo: '{"name": 5}' }, { token: s.admin });
  assert.is(bad.status, 400);
  assert.is(bad.body.error.name, 'ValidationError');
  assert.equal(bad.body.error.details.errors[0].path, ['fileInfo', 'name']);
  const notJson = await postFiles(s, [{ name: 'c.pdf', data: TINY_PDF }], { fileInfo: '{nope' }, { token: s.admin });
  assert.is(notJson.status, 400);
});

test('no files: 400 "Files are empty" (multipart, JSON or no body)', async () => {
  const expected = { data: null, error: { status: 400, name: 'ValidationError', message: 'Files are empty', details: {} } };
  assert.equal((await postFiles(s, [], { fileInfo: '{"name":"x"}' }, { token: s.admin })).body, expected);
  assert.equal((await s.request('POST', '/api/upload', { body: {}, token: s.admin })).body, expected);
  assert.equal((await s.request('POST', '/api/upload', { token: s.admin })).body, expected);
});

test('GET /api/upload/files: a plain array with filters, sort and fields, pagination ignored (as Strapi 4.26.2 answers); bad names 400', async () => {
  const all = await s.get('/api/upload/files?sort=id:asc&pagination[pageSize]=100', s.admin);
  assert.is(all.status, 200);
  assert.ok(Array.isArray(all.body));
  assert.is(all.body.length, 6);
  assert.equal(Object.keys(all.body[0]), RECORD_KEYS);
  const pdfs = await s.get('/api/upload/files?filters[mime][$eq]=application/pdf&sort=id:desc&fields[0]=name', s.admin);
  assert.is(pdfs.status, 200);
  assert.ok(pdfs.body.length >= 2);
  assert.equal(Object.keys(pdfs.body[0]), ['id', 'name']);
  assert.ok(pdfs.body[0].id > pdfs.body[1].id);
  const page = await s.get('/api/upload/files?sort=id:asc&pagination[page]=2&pagination[pageSize]=2&fields[0]=name', s.admin);
  assert.equal(page.body.map((f: any) => f.id), all.body.map((f: any) => f.id), 'every file, whatever the pagination');
  const limited = await s.get('/api/upload/files?sort=id:desc&pagination[limit]=1&filters[mime][$eq]=application/pdf&fields[0]=name', s.admin);
  assert.equal(limited.body, pdfs.body, 'filters and sort apply, pagination does not');
  const bad = await s.get('/api/upload/files?filters[nope][$eq]=1', s.admin);
  assert.equal(bad.body, { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid parameter nope', details: {} } });
});

test('GET /api/upload/files/:id: the record (fields apply); missing or malformed id 404 "file.notFound"', async () => {
  const [file] = await upload([{ name: 'get.pdf', data: TINY_PDF }]);
  const one = await s.get(`/api/upload/files/${file.id}`, s.admin);
  assert.is(one.status, 200);
  assert.equal(one.body, file);
  assert.equal((await s.get(`/api/upload/files/${file.id}?fields[0]=mime`, s.admin)).body, { id: file.id, mime: 'application/pdf' });
  const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'file.notFound', details: {} } };
  assert.equal((await s.get('/api/upload/files/999999', s.admin)).body, notFound);
  assert.equal((await s.get('/api/upload/files/abc', s.admin)).body, notFound);
  assert.equal((await s.request('DELETE', '/api/upload/files/999999', { token: s.admin })).body, notFound);
});

test('POST /api/upload?id=: fileInfo (multipart or JSON) updates name, alternativeText, caption only; 404 "Entity not found"', async () => {
  const [file] = await upload([{ name: 'info.png', data: png1200 }]);
  const r = await postFiles(s, [], { fileInfo: JSON.stringify({ name: 'renamed.png', alternativeText: 'A' }) }, { token: s.admin, path: `/api/upload?id=${file.id}` });
  assert.is(r.status, 200, r.text);
  assert.is(r.body.name, 'renamed.png');
  assert.is(r.body.alternativeText, 'A');
  assert.is(r.body.caption, null);
  assert.is(r.body.hash, file.hash, 'the stored objects keep their keys');
  assert.equal(r.body.formats, file.formats);
  const j = await s.request('POST', `/api/upload?id=${file.id}`, { body: { fileInfo: { caption: 'json cap' } }, token: s.admin });
  assert.is(j.status, 200, j.text);
  assert.equal([j.body.name, j.body.alternativeText, j.body.caption], ['renamed.png', 'A', 'json cap']);
  const missing = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Entity not found', details: {} } };
  assert.equal((await postFiles(s, [], { fileInfo: '{"name":"x"}' }, { token: s.admin, path: '/api/upload?id=999999' })).body, missing);
  assert.equal((await s.request('POST', '/api/upload?id=999999', { token: s.admin })).body, missing);
});

test('POST /api/upload?id= with one file replaces the content under a new key and removes the old objects', async () => {
  const [file] = await upload([{ name: 'replace.png', data: png1200 }], { fileInfo: '{"alternativeText":"kept"}' });
  const r = await postFiles(s, [{ name: 'new.jpg', data: jpg600 }], {}, { token: s.admin, path: `/api/upload?id=${file.id}` });
  assert.is(r.status, 200, r.text);
  assert.is(r.body.id, file.id);
  assert.equal([r.body.name, r.body.mime, r.body.width, r.body.alternativeText], ['new.jpg', 'image/jpeg', 600, 'kept']);
  assert.equal(keys(r.body.formats), ['small', 'thumbnail']);
  assert.ok(existsSync(join(s.uploadDir, `${r.body.hash}.jpg`)));
  for (const key of [`${file.hash}.png`, ...Object.values<any>(file.formats).map((f) => `${f.hash}.png`)]) assert.not.ok(existsSync(join(s.uploadDir, key)), key);
  const two = await postFiles(s, [{ name: 'a.pdf', data: TINY_PDF }, { name: 'b.pdf', data: TINY_PDF }], {}, { token: s.admin, path: `/api/upload?id=${file.id}` });
  assert.is(two.status, 400);
});

test('DELETE /api/upload/files/:id answers the record, removes the row and every stored object', async () => {
  const [file] = await upload([{ name: 'gone.png', data: png1200 }]);
  const keys = [`${file.hash}.png`, ...Object.values<any>(file.formats).map((f) => `${f.hash}.png`)];
  for (const k of keys) assert.ok(existsSync(join(s.uploadDir, k)));
  const r = await s.request('DELETE', `/api/upload/files/${file.id}`, { token: s.admin });
  assert.is(r.status, 200);
  assert.equal(r.body, file);
  for (const k of keys) assert.not.ok(existsSync(join(s.uploadDir, k)), k);
  assert.is((await s.get(`/api/upload/files/${file.id}`, s.admin)).status, 404);
  assert.is((await s.get(file.url)).status, 404);
});

test('permissions: plugin::upload.content-api.<action>; read-only tokens find and findOne only; public forbidden', async () => {
  const readOnly = await s.token('read-only');
  const [file] = await upload([{ name: 'perm.pdf', data: TINY_PDF }]);
  assert.is((await s.get('/api/upload/files')).status, 403);
  assert.is((await postFiles(s, [{ name: 'x.pdf', data: TINY_PDF }])).status, 403);
  assert.is((await s.get('/api/upload/files', readOnly)).status, 200);
  assert.is((await s.get(`/api/upload/files/${file.id}`, readOnly)).status, 200);
  assert.is((await postFiles(s, [{ name: 'x.pdf', data: TINY_PDF }], {}, { token: readOnly })).status, 403);
  assert.is((await s.request('DELETE', `/api/upload/files/${file.id}`, { token: readOnly })).status, 403);
  const custom = await s.token('custom', ['plugin::upload.content-api.upload']);
  assert.is((await postFiles(s, [{ name: 'x.pdf', data: TINY_PDF }], {}, { token: custom })).status, 200);
  assert.is((await s.get('/api/upload/files', custom)).status, 403);
  assert.is((await s.request('DELETE', `/api/upload/files/${file.id}`, { token: custom })).status, 403);
  const bad = await s.get('/api/upload/files', 'not-a-token');
  assert.is(bad.status, 401);
});

test('/uploads serves stored files: type, caching validators, 304, one range, HEAD; no listing, no traversal, no hidden files', async () => {
  const [file] = await upload([{ name: 'served.jpg', data: jpg600 }]);
  const r = await fetch(s.url + file.url);
  assert.is(r.status, 200);
  assert.is(r.headers.get('content-type'), 'image/jpeg');
  assert.is(r.headers.get('cache-control'), 'public, max-age=86400');
  assert.is(r.headers.get('x-content-type-options'), 'nosniff');
  assert.match(r.headers.get('content-security-policy') ?? '', /sandbox/);
  assert.ok(Buffer.from(await r.arrayBuffer()).equals(jpg600));
  const etag = r.headers.get('etag')!;
  const lastModified = r.headers.get('last-modified')!;
  assert.ok(etag && lastModified);
  assert.is((await fetch(s.url + file.url, { headers: { 'If-None-Match': etag } })).status, 304);
  assert.is((await fetch(s.url + file.url, { headers: { 'If-Modified-Since': lastModified } })).status, 304);
  const part = await fetch(s.url + file.url, { headers: { Range: 'bytes=2-11' } });
  assert.is(part.status, 206);
  assert.is(part.headers.get('content-range'), `bytes 2-11/${jpg600.length}`);
  assert.ok(Buffer.from(await part.arrayBuffer()).equals(jpg600.subarray(2, 12)));
  assert.is((await fetch(s.url + file.url, { headers: { Range: `bytes=${jpg600.length + 5}-` } })).status, 416);
  const head = await fetch(s.url + file.url, { method: 'HEAD' });
  assert.is(head.status, 200);
  assert.is(head.headers.get('content-length'), String(jpg600.length));
  assert.is((await fetch(s.url + file.url, { method: 'POST' })).status, 405);
  for (const path of ['/uploads', '/uploads/', '/uploads/..%2F..%2Fpackage.json', '/uploads/%2e%2e', '/uploads/.part-x', '/uploads/a/b.png', '/uploads/nope.png']) {
    assert.is((await fetch(s.url + path)).status, 404, path);
  }
});

test.run();
