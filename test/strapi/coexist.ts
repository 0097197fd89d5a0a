/**
 * test/strapi: quire in front of a live Strapi 4.26.2 database (`make test-strapi`; needs the npm
 * registry the first time, PostgreSQL at QUIRE_PG_URL). Real Strapi, built by
 * ../shared/strapi-reference/setup.sh on test/fixtures/specs/strapi-coexist, creates the schema and
 * the content on its own database; quire serves the same database with the same secrets; the
 * recorded reads (read-requests.ts) must answer alike on both. Then: a token made in Strapi's admin
 * works on quire, a permission removed in Strapi's tables holds on quire within seconds, quire's
 * write reads back the same on Strapi, quire changed no table, column or index, and Strapi restarts.
 *   node dist/test/strapi/coexist.js [postgres|sqlite]     (STRAPI_REF_DIR: where Strapi is built)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadServerConfig } from '../../engine/config/server-config.js';
import { createLogger, startServer, type RunningServer } from '../../engine/server.js';
import { firstDifference } from '../bench/compare-bodies.js';
import { nullsFirst, unordered, withoutDeliberate, withoutGraphqlTimestamps, withoutPopulatedDrafts } from './known-differences.js';
import { readRequests, type ReadRequest } from './read-requests.js';
import { call, seedContent, type Http } from './seed-strapi.js';
import { adminTokens, databaseUrl as databaseUrlOf, ensureStrapi, pgAdmin, port, REF, ROOT, SECRETS, SPEC, startStrapi, type Strapi } from './strapi-process.js';
import { onDatabase, schemaFingerprint } from './schema-fingerprint.js';

const DIALECT = (process.argv[2] ?? 'postgres') as 'postgres' | 'sqlite';
/** the spec's `timestamp` attributes (their GraphQL values differ on purpose) */
const TIMESTAMP_ATTRIBUTES = ['importedAt'];

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${what}\n`);
  if (!ok) failures.push(what);
};

const databaseUrl = (name: string) => databaseUrlOf(DIALECT, name);
const admin = pgAdmin;

async function send(http: Http, r: ReadRequest, jwt: string): Promise<{ status: number; body: unknown }> {
  const token = r.auth === 'public' ? null : r.auth === 'jwt' ? jwt : http.token;
  const res = r.graphql ? await call(http, 'POST', r.path, { query: r.graphql }, token) : await call(http, 'GET', r.path, undefined, token);
  return { status: res.status, body: res.body };
}

async function main(): Promise<number> {
  ensureStrapi();
  const dbName = DIALECT === 'postgres' ? `quire_strapi_coexist_${process.pid}` : join(REF, '.tmp', `coexist-${process.pid}.db`);
  const artifacts = join(REF, 'quire-artifacts');
  const build = spawnSync(process.execPath, [join(ROOT, 'bin', 'quire.js'), 'build', '--src', SPEC, '--out', artifacts], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('quire build failed');
  if (DIALECT === 'postgres') await admin((c) => c.query(`CREATE DATABASE "${dbName}"`));
  else mkdirSync(dirname(dbName), { recursive: true });
  rmSync(join(REF, 'token.txt'), { force: true });
  let strapi: Strapi | undefined;
  let quire: RunningServer | undefined;
  try {
    strapi = await startStrapi(DIALECT, dbName);
    process.stdout.write(`Strapi up at ${strapi.http.base} on ${DIALECT} ${dbName}\n`);
    const seeded = await seedContent(strapi.http);
    const tokens = await adminTokens(strapi.http);
    const requests = readRequests();
    const expected = [];
    for (const r of requests) expected.push(await send(strapi.http, r, seeded.user.jwt));
    const before = await schemaFingerprint(databaseUrl(dbName));

    const config = loadServerConfig({ ...SECRETS, NODE_ENV: 'test', DATABASE_URL: databaseUrl(dbName), PORT: String(port()), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, { artifactsDir: artifacts });
    quire = await startServer(config, createLogger('warn'));
    const q: Http = { base: quire.url, token: strapi.http.token };
    check(quire.app.repo.strapiDatabase, 'quire detects the Strapi database');

    let same = 0;
    let sameButDeliberate = 0;
    const diffs: string[] = [];
    for (let i = 0; i < requests.length; i++) {
      const r = requests[i];
      const got = await send(q, r, seeded.user.jwt);
      const want = expected[i];
      const sorted = !/[?&]sort|sort:/.test(r.graphql ?? r.path);
      const a = sorted ? unordered(got.body) : got.body;
      const b = sorted ? unordered(want.body) : want.body;
      const raw = got.status !== want.status ? `status ${got.status} != ${want.status}` : firstDifference(a, b);
      if (!raw) {
        same++;
        continue;
      }
      const theirs = nullsFirst(/preview|PREVIEW/.test(r.graphql ?? r.path) ? b : withoutPopulatedDrafts(b), r.path);
      const ours = withoutGraphqlTimestamps(withoutDeliberate(a, theirs), theirs, TIMESTAMP_ATTRIBUTES);
      const left = got.status !== want.status ? raw : firstDifference(ours, theirs);
      if (!left) sameButDeliberate++;
      else diffs.push(`${r.auth} ${r.path}${r.graphql ? ` ${r.graphql.slice(0, 70)}` : ''}\n      ${left}`);
    }
    for (const d of diffs) process.stdout.write(`  differs: ${d}\n`);
    process.stdout.write(`${same} of ${requests.length} read requests answered identically; ${sameButDeliberate} more differ only by quire's deliberate differences (test/strapi/known-differences.ts); ${diffs.length} differ otherwise\n`);
    check(diffs.length === 0, `quire answers the ${requests.length} recorded reads as Strapi does`);

    // tokens made in Strapi's admin
    const ro = await call(q, 'GET', '/api/articles?fields[0]=title', undefined, tokens.readOnly);
    check(ro.status === 200, `a read-only token made in Strapi's admin reads on quire (${ro.status})`);
    const roWrite = await call(q, 'POST', '/api/tags', { data: { name: 'nope' } }, tokens.readOnly);
    check(roWrite.status === 403, `the read-only token may not write on quire (${roWrite.status})`);
    const custom = await call(q, 'GET', '/api/tags', undefined, tokens.custom);
    const customArticles = await call(q, 'GET', '/api/articles', undefined, tokens.custom);
    check(custom.status === 200 && customArticles.status === 403, `a custom token made in Strapi's admin holds its scope on quire (${custom.status}, ${customArticles.status})`);
    const bad = await call(q, 'GET', '/api/tags', undefined, 'f'.repeat(256));
    check(bad.status === 401, `an unknown token is refused (${bad.status})`);

    // quire writes, Strapi reads back the same entry
    const made = await call(q, 'POST', '/api/tags', { data: { name: 'written-by-quire' } }, tokens.custom);
    check(made.status === 200, `quire creates a tag with the custom token (${made.status} ${made.text.slice(0, 120)})`);
    const id = made.body?.data?.id;
    const viaStrapi = await call(strapi.http, 'GET', `/api/tags/${id}`);
    const viaQuire = await call(q, 'GET', `/api/tags/${id}`);
    const writeDiff = firstDifference(withoutDeliberate(viaQuire.body, viaStrapi.body), viaStrapi.body);
    check(viaStrapi.status === 200 && writeDiff === undefined, `Strapi reads quire's write back as quire does (${writeDiff ?? 'same'})`);
    const article = await call(q, 'PUT', `/api/articles/${seeded.articles[2]}?populate[tags][fields][0]=name`, { data: { title: 'Edited through quire', tags: [seeded.tags[1], id] } });
    const articleViaStrapi = await call(strapi.http, 'GET', `/api/articles/${seeded.articles[2]}?populate[tags][fields][0]=name`);
    const updateDiff = firstDifference(withoutDeliberate(article.body, articleViaStrapi.body), articleViaStrapi.body);
    check(article.status === 200 && updateDiff === undefined, `an article updated through quire reads the same on Strapi (${updateDiff ?? 'same'})`);

    // Strapi's edits are seen by quire
    await call(strapi.http, 'PUT', `/api/tags/${seeded.tags[0]}`, { data: { name: 'alpha-edited-in-strapi' } });
    const seen = await call(q, 'GET', `/api/tags/${seeded.tags[0]}`);
    check(seen.body?.data?.attributes?.name === 'alpha-edited-in-strapi', 'an edit made through Strapi is read by quire');

    // a permission removed in Strapi's tables: the public role may no longer find tags, on quire within seconds
    await onDatabase(databaseUrl(dbName), (knex) =>
      knex.raw(`DELETE FROM up_permissions WHERE action = 'api::tag.tag.find' AND id IN (SELECT l.permission_id FROM up_permissions_role_links l JOIN up_roles r ON r.id = l.role_id WHERE r.type = 'public')`));
    let status = 0;
    for (let i = 0; i < 20 && status !== 403; i++) {
      await new Promise((r) => setTimeout(r, 500));
      status = (await call(q, 'GET', '/api/tags', undefined, null)).status;
    }
    check(status === 403, `a public permission removed in Strapi's tables holds on quire within 10 s (${status})`);

    await quire.stop();
    quire = undefined;
    const after = await schemaFingerprint(databaseUrl(dbName));
    const changed = firstDifference(after.strapi, before.strapi);
    check(changed === undefined, `quire changed no table, column or index Strapi manages (${changed ?? 'none'}); its own: ${after.own.join(', ')}`);

    await strapi.stop();
    strapi = await startStrapi(DIALECT, dbName);
    const again = await call(strapi.http, 'GET', `/api/tags/${id}`);
    check(again.status === 200 && again.body?.data?.attributes?.name === 'written-by-quire', 'Strapi restarts on the database quire served and serves quire\'s write');
  } finally {
    await quire?.stop().catch(() => undefined);
    await strapi?.stop().catch(() => undefined);
    if (DIALECT === 'postgres' && process.env.KEEP_DB !== '1') await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)).catch(() => undefined);
  }
  process.stdout.write(failures.length ? `\n${failures.length} check(s) failed\n` : '\nall checks passed\n');
  return failures.length ? 1 : 0;
}

main().then((code) => process.exit(code), (err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
