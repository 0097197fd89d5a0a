/**
 * integration (upload): limits and safety. Oversize files and too many files are 413 with nothing
 * stored (no record, no object, no spooled file); client file names cannot steer where bytes go; the
 * MIME type comes from the content; equal names never overwrite each other; a failing store leaves
 * neither a record nor a file.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../../helpers/spec-dir.js';
import { gqlUpload, listDir, makeImage, postFiles, startUploadServer, TINY_PDF, type UploadServer } from './upload-fixture.js';

const MAX = 40_000;
let s: UploadServer;
let small: Buffer;

test.before(async () => {
  s = await startUploadServer('upload-limits', { UPLOAD_MAX_FILE_SIZE: String(MAX), UPLOAD_MAX_FILES: '3' });
  small = await makeImage(300, 200);
});
test.after(async () => s.stop());

const fileCount = async () => (await s.get('/api/upload/files?pagination[pageSize]=100', s.admin)).body.length as number;

async function upload(name: string, data: Buffer, fields: Record<string, string> = {}): Promise<any> {
  const r = await postFiles(s, [{ name, data }], fields, { token: s.admin });
  assert.is(r.status, 200, r.text);
  return r.body[0];
}

test('a file over UPLOAD_MAX_FILE_SIZE: 413, nothing stored, also when an earlier file of the request fit', async () => {
  const big = Buffer.alloc(MAX + 1, 7);
  const r = await postFiles(s, [{ name: 'big.bin', data: big }], {}, { token: s.admin });
  assert.is(r.status, 413);
  assert.equal(r.body.error, { status: 413, name: 'PayloadTooLargeError', message: `File is larger than ${MAX} bytes`, details: { limit: MAX } });
  const mixed = await postFiles(s, [{ name: 'ok.png', data: small }, { name: 'big.bin', data: big }], {}, { token: s.admin });
  assert.is(mixed.status, 413);
  assert.is(await fileCount(), 0);
  assert.equal(listDir(s.uploadDir).filter((n) => !n.startsWith('.')), []);
  assert.equal(listDir(s.uploadDir), []);
  assert.equal(listDir(s.tmpDir), []);
  const gql = await gqlUpload(s, 'mutation($f: Upload!) { upload(file: $f) { data { id } } }', { f: null }, { 0: ['variables.f'] }, { 0: { name: 'big.bin', data: big } }, s.admin);
  assert.is(gql.status, 413, 'GraphQL multipart requests have the same limit');
  assert.is(await fileCount(), 0);
  assert.equal(listDir(s.tmpDir), []);
  const exact = await postFiles(s, [{ name: 'exact.bin', data: Buffer.alloc(MAX, 1) }], {}, { token: s.admin });
  assert.is(exact.status, 200, 'a file of exactly the limit fits');
});

test('more files than UPLOAD_MAX_FILES: 413, nothing stored', async () => {
  const before = await fileCount();
  const objects = listDir(s.uploadDir);
  const r = await postFiles(s, [1, 2, 3, 4].map((i) => ({ name: `f${i}.pdf`, data: TINY_PDF })), {}, { token: s.admin });
  assert.is(r.status, 413);
  assert.is(await fileCount(), before);
  assert.equal(listDir(s.uploadDir), objects);
  assert.equal(listDir(s.tmpDir), []);
});

test('path traversal in file names: the name keeps its last segment, the bytes stay in the upload folder under a hash key', async () => {
  const parent = dirname(s.uploadDir);
  const names: [string, string][] = [
    ['../../evil.png', 'evil.png'],
    ['..\\..\\windows.png', 'windows.png'],
    ['/etc/passwd', 'passwd'],
    ['..', 'file'],
    ['we\u202eird\u200b.png', 'weird.png'],
  ];
  for (const [raw, expected] of names) {
    const file = await upload(raw, small);
    assert.is(file.name, expected, raw);
    assert.match(file.hash, /^[A-Za-z0-9_]+_[0-9a-f]{10}$/, raw);
    assert.ok(existsSync(join(s.uploadDir, `${file.hash}${file.ext}`)), raw);
  }
  const renamed = await upload('ok.png', small, { fileInfo: JSON.stringify({ name: '../../../x/../renamed.png' }) });
  assert.is(renamed.name, 'renamed.png');
  assert.ok(listDir(s.uploadDir).every((n) => /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/.test(n)), listDir(s.uploadDir).join(' '));
  assert.not.ok(existsSync(join(parent, 'evil.png')));
  assert.not.ok(existsSync(join(dirname(parent), 'evil.png')));
});

test('the MIME type comes from the content; text formats by name unless the name claims a binary format', async () => {
  const pngAsJpg = await upload('photo.jpg', small);
  assert.equal([pngAsJpg.mime, pngAsJpg.ext, pngAsJpg.width], ['image/png', '.png', 300]);
  const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
  const htmlAsPng = await upload('cat.png', html);
  assert.equal([htmlAsPng.mime, htmlAsPng.ext, htmlAsPng.width, htmlAsPng.formats], ['application/octet-stream', '', null, null]);
  const served = await fetch(s.url + htmlAsPng.url);
  assert.is(served.headers.get('content-type'), 'application/octet-stream');
  const svg = await upload('logo.svg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'));
  assert.equal([svg.mime, svg.ext], ['image/svg+xml', '.svg']);
  const svgServed = await fetch(s.url + svg.url);
  assert.is(svgServed.headers.get('content-type'), 'image/svg+xml');
  assert.match(svgServed.headers.get('content-security-policy') ?? '', /sandbox/, 'scripts in served files cannot run on this origin');
  const text = await upload('notes.txt', Buffer.from('plain words'));
  assert.equal([text.mime, text.ext], ['text/plain', '.txt']);
  const pdfNoExt = await upload('report', TINY_PDF);
  assert.equal([pdfNoExt.mime, pdfNoExt.ext], ['application/pdf', '.pdf']);
});

test('the same name twice: two keys, nothing overwritten', async () => {
  const a = await upload('same.pdf', TINY_PDF);
  const b = await upload('same.pdf', Buffer.concat([TINY_PDF, Buffer.from('%second\n')]));
  assert.is.not(a.hash, b.hash);
  assert.is.not(a.url, b.url);
  assert.is((await (await fetch(s.url + a.url)).arrayBuffer()).byteLength, TINY_PDF.length);
});

test('malformed multipart bodies: 400 or 415, nothing left behind', async () => {
  const before = await fileCount();
  const garbage = await fetch(s.url + '/api/upload', {
    method: 'POST', headers: { Authorization: `Bearer ${s.admin}`, 'Content-Type': 'multipart/form-data; boundary=xyz' },
    body: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.1 cut short',
  });
  assert.is(garbage.status, 400);
  const noBoundary = await fetch(s.url + '/api/upload', { method: 'POST', headers: { Authorization: `Bearer ${s.admin}`, 'Content-Type': 'multipart/form-data' }, body: 'x' });
  assert.is(noBoundary.status, 415);
  assert.is(await fileCount(), before);
  assert.equal(listDir(s.tmpDir), []);
});

test('a store that fails (upload folder unusable) leaves no record and no spooled file', async () => {
  const blocked = join(tempDir('quire-blocked-'), 'not-a-dir');
  writeFileSync(blocked, 'a file where the folder should be');
  const broken = await startUploadServer('upload-broken', { UPLOAD_DIR: blocked });
  try {
    const r = await postFiles(broken, [{ name: 'a.png', data: small }], {}, { token: broken.admin });
    assert.is(r.status, 500);
    assert.equal(r.body.error.name, 'InternalServerError');
    assert.equal((await broken.get('/api/upload/files', broken.admin)).body, []);
    assert.equal(listDir(broken.tmpDir), []);
  } finally {
    await broken.stop();
  }
});

test.run();
