/**
 * integration: quire serves a database real Strapi 4.26.2 made (test/fixtures/strapi-db, recorded
 * by test/strapi/record-fixture.ts: the SQLite file, or the PostgreSQL dump or MariaDB mysqldump
 * loaded into a fresh database): the recorded public reads answer as Strapi answered them (apart from quire's deliberate
 * differences, test/strapi/known-differences.ts), API tokens made in Strapi's admin authenticate with
 * the same salt, roles come from Strapi's tables, and no table, column or index of Strapi's changes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { firstDifference } from '../../bench/compare-bodies.js';
import { processInUtc } from '../../../engine/repository/dialect/postgres-json.js';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';
import { copySpec, editJson } from '../../helpers/spec-dir.js';
import { tiesInIdOrder, unordered, withoutDeliberate, withoutGraphqlTimestamps, withoutPopulatedDrafts } from '../../strapi/known-differences.js';
import { loadArtifacts } from '../../../engine/artifacts/load-artifacts.js';
import { speedIndexSql } from '../../../engine/repository/index.js';
import { onDatabase, schemaFingerprint } from '../../strapi/schema-fingerprint.js';
import { buildArtifacts, strapiAnswers, strapiDatabase, STRAPI_COEXIST_SPEC as SPEC, STRAPI_FIXTURE_ENV as ENV } from '../../helpers/strapi-fixture.js';

const recorded = strapiAnswers(DIALECT);
const it = test;

let artifacts: string;
let databaseUrl: string;
let s: TestServer;
let before: Awaited<ReturnType<typeof schemaFingerprint>>;

test.before(async () => {
  artifacts = await buildArtifacts(SPEC);
  databaseUrl = await strapiDatabase('strapi_db', DIALECT);
  before = await schemaFingerprint(databaseUrl);
  s = await startTestServer({ name: 'strapi-db', artifactsDir: artifacts, databaseUrl, env: ENV });
});

test.after(async () => {
  await s?.stop();
});

it(`[${DIALECT}] a Strapi database is recognised and its recorded public reads answer as Strapi 4.26.2 answered them`, async () => {
  assert.ok(s.running.app.repo.strapiDatabase, 'detected by strapi_database_schema');
  assert.ok(recorded.answers.length >= 80, `${recorded.answers.length} answers`);
  const differ: string[] = [];
  let identical = 0;
  for (const a of recorded.answers) {
    const r = a.graphql ? await s.request('POST', a.path, { body: { query: a.graphql } }) : await s.request('GET', a.path);
    const sorted = !/[?&]sort|sort:/.test(a.graphql ?? a.path);
    const ours = sorted ? unordered(r.body) : r.body;
    let theirs = sorted ? unordered(a.body) : a.body;
    if (r.status === a.status && firstDifference(ours, theirs) === undefined) {
      identical++;
      continue;
    }
    theirs = tiesInIdOrder(/preview|PREVIEW/.test(a.graphql ?? a.path) ? theirs : withoutPopulatedDrafts(theirs), a.path);
    const d = r.status !== a.status ? `status ${r.status} != ${a.status}` : firstDifference(withoutGraphqlTimestamps(withoutDeliberate(ours, theirs), theirs, ['importedAt']), theirs);
    if (d) differ.push(`${a.path} ${a.graphql ?? ''}: ${d}`);
  }
  assert.equal(differ, [], `${identical} identical, ${differ.length} differ:\n${differ.join('\n')}`);
  assert.ok(identical > 0);
});

it(`[${DIALECT}] answers written on Strapi's layout: every recorded REST read is byte for byte the rows executor's`, async () => {
  const compiled = await startTestServer({ name: 'strapi-db-compiled', artifactsDir: artifacts, databaseUrl, env: ENV });
  const usual = await startTestServer({ name: 'strapi-db-usual', artifactsDir: artifacts, databaseUrl, env: { ...ENV, DATABASE_COMPILED_READS: 'false' } });
  try {
    const paths = [...recorded.answers.filter((a) => !a.graphql).map((a) => a.path), '/api/articles?populate=deep', '/api/articles?populate=*&locale=all&publicationState=preview'];
    for (const path of paths) {
      const [a, b] = [await compiled.request('GET', path, { token: recorded.fullAccessKey }), await usual.request('GET', path, { token: recorded.fullAccessKey })];
      assert.is(a.status, b.status, `${path}: ${a.text} / ${b.text}`);
      assert.is(a.text, b.text, path);
    }
    const count = compiled.running.app.repo.answeredInSql.count;
    // PostgreSQL: Strapi's zone-less timestamp columns are read as UTC, so only a process in UTC
    // writes answers; SQLite and MySQL/MariaDB never do (repository answer/)
    if (DIALECT !== 'postgres' || !processInUtc()) assert.is(count, 0);
    else assert.ok(count >= paths.length / 2, String(count));
  } finally {
    await compiled.stop();
    await usual.stop();
  }
});

it(`[${DIALECT}] timestamp and time values as Strapi answers them on this database`, async () => {
  const r = await s.request('GET', '/api/articles/1?fields[0]=importedAt&fields[1]=publishTime');
  assert.is(r.status, 200);
  assert.match(String(r.body.data.attributes.importedAt), /^\d{13}$/, 'epoch milliseconds, as a string');
  assert.is(r.body.data.attributes.publishTime, DIALECT === 'postgres' ? '11:30:00' : '11:30:00.000');
});

it(`[${DIALECT}] timestamp, datetime, time, boolean, decimal, biginteger and json values written through quire are stored as Strapi stores them`, async () => {
  const token = recorded.fullAccessKey;
  const data = { importedAt: '2024-05-06T07:08:09.123Z', lastReviewedAt: '2024-05-06T01:02:03.456Z', publishTime: '09:08:07.000', featured: true, rating: 3.25, wordCount: '9007199254740993', metadata: { a: [1, 'b'] } };
  const put = await s.request('PUT', '/api/articles/2', { token, body: { data } });
  assert.is(put.status, 200, put.text);
  const got = (await s.request('GET', '/api/articles/2', { token })).body.data.attributes;
  assert.equal(
    [got.importedAt, got.lastReviewedAt, got.publishTime, got.featured, got.rating, got.wordCount, got.metadata],
    [String(Date.parse(data.importedAt)), data.lastReviewedAt, DIALECT === 'postgres' ? '09:08:07' : '09:08:07.000', true, 3.25, data.wordCount, data.metadata],
  );
  // the stored column, as Strapi reads it: the same instant
  const [row] = await onDatabase(databaseUrl, (k) => k('articles').where('id', 2).select('imported_at'));
  const raw = (row as { imported_at: unknown }).imported_at;
  assert.is(raw instanceof Date ? raw.getTime() : Number(raw), Date.parse(data.importedAt), String(raw));
});

it(`[${DIALECT}] API tokens made in Strapi's admin work with Strapi's API_TOKEN_SALT, each within its type`, async () => {
  assert.is((await s.request('GET', '/api/users', { token: recorded.fullAccessKey })).status, 200, 'full access');
  assert.is((await s.request('GET', '/api/articles', { token: recorded.readOnlyKey })).status, 200, 'read-only reads');
  assert.is((await s.request('POST', '/api/tags', { token: recorded.readOnlyKey, body: { data: { name: 'no' } } })).status, 403, 'read-only does not write');
  assert.is((await s.request('GET', '/api/articles', { token: recorded.customKey })).status, 403, 'custom: not granted');
  const made = await s.request('POST', '/api/tags', { token: recorded.customKey, body: { data: { name: 'made-by-quire' } } });
  assert.is(made.status, 200, made.text);
  assert.is((await s.request('GET', '/api/tags', { token: 'a'.repeat(256) })).status, 401, 'unknown key');
  // Strapi's own column: last_used_at is written on use
  const used = await onDatabase(databaseUrl, (k) => k('strapi_api_tokens').whereNotNull('last_used_at').count({ n: '*' }));
  assert.ok(Number((used[0] as { n: unknown }).n) >= 2, 'last_used_at set');
});

it(`[${DIALECT}] an expired Strapi token is refused`, async () => {
  await onDatabase(databaseUrl, (k) => k('strapi_api_tokens').where('name', 'reader').update({ expires_at: DIALECT === 'sqlite' ? Date.now() - 60_000 : new Date(Date.now() - 60_000) }));
  // the token cache keeps a found row for 5 s
  await new Promise((r) => setTimeout(r, 5100));
  assert.is((await s.request('GET', '/api/articles', { token: recorded.readOnlyKey })).status, 401);
});

it(`[${DIALECT}] roles are Strapi's: a public permission removed in up_permissions holds within seconds`, async () => {
  assert.is((await s.request('GET', '/api/categories')).status, 200);
  await onDatabase(databaseUrl, (k) =>
    k.raw(`DELETE FROM up_permissions WHERE action = 'api::category.category.find' AND id IN (SELECT l.permission_id FROM up_permissions_role_links l JOIN up_roles r ON r.id = l.role_id WHERE r.type = 'public')`));
  let status = 200;
  for (let i = 0; i < 14 && status !== 403; i++) {
    await new Promise((r) => setTimeout(r, 500));
    status = (await s.request('GET', '/api/categories')).status;
  }
  assert.is(status, 403);
});

it(`[${DIALECT}] quire changed no table, column or index of Strapi's; its own tables are quire_*`, async () => {
  const after = await schemaFingerprint(databaseUrl);
  assert.equal(after.strapi, before.strapi);
  assert.ok(after.own.includes('quire_schema_state'), after.own.join());
  assert.ok(after.own.every((t) => t.startsWith('quire_')));
});

it(`[${DIALECT}] artifacts that name a column Strapi's database lacks: quire refuses to start, naming it, and changes nothing`, async () => {
  const spec = copySpec(SPEC);
  editJson(spec, 'api/tag/content-types/tag/schema.json', (j) => {
    j.attributes.colour = { type: 'string' };
  });
  const newer = await buildArtifacts(spec);
  const fingerprint = await schemaFingerprint(databaseUrl);
  const err = await startTestServer({ name: 'strapi-db-mismatch', artifactsDir: newer, databaseUrl, env: ENV }).then(
    async (other) => {
      await other.stop();
      return undefined;
    },
    (e: Error) => e,
  );
  assert.ok(err, 'refused');
  assert.is(err!.name, 'StrapiSchemaMismatch');
  assert.match(err!.message, 'missing column tags.colour');
  assert.not.match(err!.message, '\n');
  assert.equal((await schemaFingerprint(databaseUrl)).strapi, fingerprint.strapi);
});

it(`[${DIALECT}] the statements of quire indexes run on Strapi's database as printed, through a plain client`, async () => {
  const statements = speedIndexSql(loadArtifacts(artifacts).model, DIALECT);
  assert.ok(statements.length > 0);
  // a client of its own, without quire's session settings (MySQL: no ANSI_QUOTES)
  await onDatabase(databaseUrl, async (k) => {
    for (const statement of statements) await k.raw(statement.replace(/;$/, ''));
  });
  const after = await schemaFingerprint(databaseUrl);
  assert.ok(after.strapi.some((l) => l.includes('quire_articles_tags_links_owner_order_index')), 'created');
});

test.run();
