/**
 * integration (upload): the S3 provider against a real S3-compatible server started here (s3rver,
 * an S3 REST API emulator from npm, on 127.0.0.1 with a temp folder; requests are signed by the AWS
 * SDK v3 as for AWS). Two quire apps share one database and one bucket, as several processes would:
 * what one uploads the other reads and deletes; failed uploads leave no object in the bucket.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { S3Provider } from '../../../engine/upload/providers/s3-provider.js';
import { postEntry } from '../../helpers/seed-content.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/spec-dir.js';
import { listDir, makeImage, postFiles, TINY_PDF } from './upload-fixture.js';

const BUCKET = 'quire-media';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let s3rver: S3rver;
let endpoint: string;
let client: S3Client;
let a: TestServer;
let b: TestServer;
let tokenA: string;
let tokenB: string;
let spool: string;
let image: Buffer;

test.before(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: tempDir('quire-s3rver-') });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  spool = tempDir('quire-spool-');
  const env = {
    UPLOAD_PROVIDER: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey, UPLOAD_TMP_DIR: spool,
    // nothing may be written here with the S3 provider
    UPLOAD_DIR: tempDir('quire-unused-uploads-'),
  };
  a = await startTestServer({ name: 'upload-s3', env });
  b = await startTestServer({ name: 'upload-s3-b', env, databaseUrl: a.databaseUrl });
  tokenA = await a.token('full-access');
  tokenB = await b.token('full-access');
  image = await makeImage(1200, 800);
});

test.after(async () => {
  await b?.stop();
  await a?.stop();
  client?.destroy();
  await s3rver?.close();
});

async function bucketKeys(): Promise<string[]> {
  const r = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (r.Contents ?? []).map((o) => o.Key!).sort();
}

async function exists(key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'NotFound') return false;
    throw err;
  }
}

test('an image uploaded through one app: objects in the bucket with their type, absolute URLs, provider aws-s3', async () => {
  const r = await postFiles(a, [{ name: 'cloud.png', data: image }], { fileInfo: '{"alternativeText":"in the bucket"}' }, { token: tokenA });
  assert.is(r.status, 200, r.text);
  const [file] = r.body;
  assert.is(file.provider, 'aws-s3');
  assert.is(file.url, `${endpoint}/${BUCKET}/${file.hash}.png`);
  assert.equal({ ...file.provider_metadata, etag: undefined }, { bucket: BUCKET, key: `${file.hash}.png`, etag: undefined });
  assert.equal(Object.keys(file.formats).sort(), ['large', 'medium', 'small', 'thumbnail']);
  const keys = [`${file.hash}.png`, ...Object.values<any>(file.formats).map((f) => `${f.hash}.png`)];
  assert.equal(await bucketKeys(), keys.sort());
  for (const f of Object.values<any>(file.formats)) assert.is(f.url, `${endpoint}/${BUCKET}/${f.hash}.png`);
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${file.hash}.png` }));
  assert.is(object.ContentType, 'image/png');
  // the original as stored (re-encoded smaller: sizeOptimization is on by default, as in Strapi)
  const bytes = Buffer.from(await object.Body!.transformToByteArray());
  assert.ok(bytes.length <= image.length);
  assert.is(file.size, Math.round((bytes.length / 1000) * 100) / 100);
  const viaUrl = await fetch(file.formats.thumbnail.url);
  assert.is(viaUrl.status, 200);
  assert.is((await a.get(`/uploads/${file.hash}.png`)).status, 404, 'quire serves no /uploads with the S3 provider');
  assert.equal(listDir(spool), []);
});

test('a second app on the same database and bucket reads the record and its bytes, and deletes it everywhere', async () => {
  const [file] = (await postFiles(a, [{ name: 'shared.png', data: image }], {}, { token: tokenA })).body;
  const article = await postEntry(a, tokenA, '/api/articles', { title: 'S3 cover', cover: file.id });
  const seen = await b.get(`/api/upload/files/${file.id}`, tokenB);
  assert.is(seen.status, 200);
  assert.equal(seen.body, file);
  assert.is(Math.round(Buffer.from(await (await fetch(seen.body.url)).arrayBuffer()).length / 10) / 100, file.size, 'the bytes the record describes (KB, 2 decimals)');
  const del = await b.request('DELETE', `/api/upload/files/${file.id}`, { token: tokenB });
  assert.is(del.status, 200, del.text);
  for (const key of [`${file.hash}.png`, ...Object.values<any>(file.formats).map((f) => `${f.hash}.png`)]) assert.not.ok(await exists(key), key);
  assert.is((await a.get(`/api/upload/files/${file.id}`, tokenA)).status, 404);
  const cover = await a.get(`/api/articles/${article}?populate=cover&fields[0]=title`, tokenA);
  assert.is(cover.body.data.attributes.cover.data, null);
});

test('failed uploads leave no object in the bucket; PDFs go up as they are', async () => {
  const before = await bucketKeys();
  const refused = await postFiles(a, [{ name: 'doc.pdf', data: TINY_PDF }], { ref: 'api::article.article', refId: '99999', field: 'gallery' }, { token: tokenA });
  assert.is(refused.status, 400);
  assert.equal(await bucketKeys(), before);
  const [pdf] = (await postFiles(b, [{ name: 'doc.pdf', data: TINY_PDF }], {}, { token: tokenB })).body;
  assert.equal([pdf.mime, pdf.formats, pdf.provider], ['application/pdf', null, 'aws-s3']);
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${pdf.hash}.pdf` }));
  assert.is(object.ContentType, 'application/pdf');
  assert.is(object.ContentLength, TINY_PDF.length);
  await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${pdf.hash}.pdf` }));
  // a record whose object is already gone still deletes
  assert.is((await a.request('DELETE', `/api/upload/files/${pdf.id}`, { token: tokenA })).status, 200);
});

test('URLs: S3_PUBLIC_URL when set, else path-style or virtual-host from the endpoint, else AWS', () => {
  const url = (settings: Partial<ConstructorParameters<typeof S3Provider>[0]>) =>
    new S3Provider({ bucket: 'b', region: 'eu-west-1', forcePathStyle: false, ...settings }).url('k_1.png');
  assert.is(url({ publicUrl: 'https://cdn.example.com/media' }), 'https://cdn.example.com/media/k_1.png');
  assert.is(url({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }), 'http://127.0.0.1:9000/b/k_1.png');
  assert.is(url({ endpoint: 'https://storage.example.com' }), 'https://b.storage.example.com/k_1.png');
  assert.is(url({}), 'https://b.s3.eu-west-1.amazonaws.com/k_1.png');
});

test.run();
