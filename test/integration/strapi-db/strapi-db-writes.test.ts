/**
 * integration: quire's writes on a database real Strapi 4.26.2 made are the rows Strapi writes.
 * test/fixtures/strapi-db/writes-<dialect>.json.gz holds the rows Strapi left after
 * test/strapi/write-parity.ts's writes on a copy of the recorded database (test/strapi/record-writes.ts):
 * uploads (with fileInfo, with ref/refId/field) filed in the Media Library's "API Uploads" folder,
 * an article with media, a single and a repeatable component and a dynamic zone, created, updated
 * and unpublished, an author with an avatar, the homepage's hero. quire runs the same writes on its
 * own copy; every row it adds, changes or removes in the content, component, link, files and folder
 * tables must be Strapi's (timestamps as set or not, the random part of file hashes and the
 * encoder's format sizes aside),
 * and the uploaded objects are in UPLOAD_DIR, served at their url.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/spec-dir.js';
import { buildArtifacts, strapiAnswers, strapiDatabase, strapiWrites, strapiWritesRecorded, STRAPI_COEXIST_SPEC, STRAPI_FIXTURE_ENV } from '../../helpers/strapi-fixture.js';
import { WRITES_ARTICLE, type RecordedWrites } from '../../strapi/record-writes.js';
import { onDatabase } from '../../strapi/schema-fingerprint.js';
import { contentRows, rowDelta, writeScript, type WriteResult } from '../../strapi/write-parity.js';

const RECORDED = strapiWritesRecorded(DIALECT);
if (!RECORDED) console.log(`[${DIALECT}] quire's writes on a Strapi-made database: the rows of Strapi's writes are recorded for SQLite and PostgreSQL only; these tests are skipped on this database`);
const it = RECORDED ? test : test.skip;
const recorded = (RECORDED ? strapiWrites(DIALECT) : { steps: [], delta: [] }) as RecordedWrites;
const answers = strapiAnswers(DIALECT);

let s: TestServer;
let uploads: string;
let written: WriteResult;
let before: Awaited<ReturnType<typeof contentRows>>;

test.before(async () => {
  if (!RECORDED) return;
  const artifacts = await buildArtifacts(STRAPI_COEXIST_SPEC);
  const databaseUrl = await strapiDatabase('strapi_db_writes', DIALECT);
  uploads = tempDir('quire-strapi-uploads-');
  before = await contentRows(databaseUrl);
  s = await startTestServer({ name: 'strapi-db-writes', artifactsDir: artifacts, databaseUrl, env: { ...STRAPI_FIXTURE_ENV, UPLOAD_DIR: uploads } });
  written = await writeScript({ base: s.url, token: answers.fullAccessKey }, WRITES_ARTICLE);
});

test.after(async () => {
  await s?.stop();
});

it(`[${DIALECT}] the writes answer as they did on Strapi (statuses, new ids)`, () => {
  assert.equal(written.steps, recorded.steps);
});

it(`[${DIALECT}] quire's writes leave the rows Strapi 4.26.2 left: files, folders, morphs, components, links`, async () => {
  const ours = rowDelta(before, await contentRows(s.databaseUrl));
  const missing = recorded.delta.filter((l) => !ours.includes(l)).map((l) => `Strapi only: ${l}`);
  const extra = ours.filter((l) => !recorded.delta.includes(l)).map((l) => `quire only: ${l}`);
  assert.equal([...missing, ...extra], [], [...missing, ...extra].join('\n'));
  assert.ok(recorded.delta.length > 40, `${recorded.delta.length} rows changed`);
});

it(`[${DIALECT}] an upload is filed in Strapi's "API Uploads" folder, made on the first upload and named in Strapi's store`, async () => {
  const [folders, links, store] = await onDatabase(s.databaseUrl, async (k) => [
    await k('upload_folders').select('id', 'name', 'path', 'path_id'),
    await k('files_folder_links').orderBy('file_id').select('file_id', 'folder_id', 'file_order'),
    await k('strapi_core_store_settings').where({ key: 'plugin_upload_api-folder' }).select('value'),
  ]);
  assert.equal(folders.map((f: { name: string; path: string }) => [f.name, f.path]), [['API Uploads', '/1']]);
  assert.equal(links.map((l: { file_order: unknown }) => Number(l.file_order)), [1, 2, 3, 4, 5, 6, 7], 'the deleted 8th file took its link along');
  assert.equal(JSON.parse(String(store[0].value)), { id: Number(folders[0].id) });
});

it(`[${DIALECT}] the uploaded objects are in UPLOAD_DIR and served at their url`, async () => {
  const files = await s.request('GET', '/api/upload/files?sort=id', { token: answers.fullAccessKey });
  assert.is(files.status, 200);
  assert.is(files.body.length, 7);
  for (const f of files.body as { url: string; formats: Record<string, { url: string }> | null }[]) {
    for (const url of [f.url, ...Object.values(f.formats ?? {}).map((x) => x.url)]) {
      assert.ok(existsSync(join(uploads, url.replace(/^\/uploads\//, ''))), url);
      const r = await fetch(s.url + url);
      assert.is(r.status, 200, url);
    }
  }
});

test.run();
