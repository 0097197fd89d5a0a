/**
 * test/strapi: quire in front of a live Strapi 4.26.2 database (`make test-strapi`; needs the npm
 * registry the first time, PostgreSQL at QUIRE_PG_URL, MariaDB/MySQL at QUIRE_MYSQL_URL). Real Strapi, built by
 * ../shared/strapi-reference/setup.sh on test/fixtures/specs/strapi-coexist, creates the schema and
 * the content on its own database; quire serves the same database with the same secrets; the
 * recorded reads (read-requests.ts) must answer alike on both. Then: a token made in Strapi's admin
 * works on quire, JWTs issued by either server sign in on the other, a locale and the default locale
 * set in Strapi's admin hold on quire within seconds (and quire's localization reads back on Strapi),
 * the users-permissions advanced settings changed through Strapi's admin API (registration off,
 * another default role, email confirmation) answer alike, a permission removed in Strapi's tables holds
 * on quire within seconds, quire's write reads back the same on Strapi, quire changed no table, column
 * or index, and Strapi restarts.
 *   node dist/test/strapi/coexist.js [postgres|sqlite|mysql]     (STRAPI_REF_DIR: where Strapi is built)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { loadServerConfig } from '../../engine/config/server-config.js';
import { createLogger, startServer, type RunningServer } from '../../engine/server.js';
import { firstDifference } from '../bench/compare-bodies.js';
import { tiesInIdOrder, unordered, withoutDeliberate, withoutGraphqlTimestamps, withoutPopulatedDrafts } from './known-differences.js';
import { readRequests, type ReadRequest } from './read-requests.js';
import { call, seedContent, type Http } from './seed-strapi.js';
import { adminTokens, databaseUrl as databaseUrlOf, ensureStrapi, MYSQL_URL, PG_URL, port, REF, ROOT, SECRETS, SPEC, startStrapi, type Strapi, type StrapiDialect } from './strapi-process.js';
import { mysqlConnection, onDatabase, schemaFingerprint } from './schema-fingerprint.js';

const DIALECT = (process.argv[2] ?? 'postgres') as StrapiDialect;
/** the spec's `timestamp` attributes (their GraphQL values differ on purpose) */
const TIMESTAMP_ATTRIBUTES = ['importedAt'];

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${what}\n`);
  if (!ok) failures.push(what);
};

const databaseUrl = (name: string) => databaseUrlOf(DIALECT, name);

/** one statement on the database server (PostgreSQL or MySQL/MariaDB), outside the database under test */
async function admin(statement: string): Promise<void> {
  if (DIALECT === 'mysql') {
    const c = await mysql.createConnection({ ...mysqlConnection(MYSQL_URL), database: undefined });
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
    return;
  }
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

async function send(http: Http, r: ReadRequest, jwt: string): Promise<{ status: number; body: unknown }> {
  const token = r.auth === 'public' ? null : r.auth === 'jwt' ? jwt : http.token;
  const res = r.graphql ? await call(http, 'POST', r.path, { query: r.graphql }, token) : await call(http, 'GET', r.path, undefined, token);
  return { status: res.status, body: res.body };
}

async function main(): Promise<number> {
  ensureStrapi();
  const dbName = DIALECT === 'sqlite' ? join(REF, '.tmp', `coexist-${process.pid}.db`) : `quire_strapi_coexist_${process.pid}`;
  const artifacts = join(REF, 'quire-artifacts');
  const build = spawnSync(process.execPath, [join(ROOT, 'bin', 'quire.js'), 'build', '--src', SPEC, '--out', artifacts], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('quire build failed');
  if (DIALECT === 'postgres') await admin(`CREATE DATABASE "${dbName}"`);
  else if (DIALECT === 'mysql') await admin(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4`);
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

    const config = loadServerConfig({ ...SECRETS, NODE_ENV: 'test', DATABASE_URL: databaseUrl(dbName), PORT: String(port()), HOST: '127.0.0.1', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '0' }, { artifactsDir: artifacts });
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
      const theirs = tiesInIdOrder(/preview|PREVIEW/.test(r.graphql ?? r.path) ? b : withoutPopulatedDrafts(b), r.path);
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

    // JWTs both ways: Strapi's users-permissions and quire share JWT_SECRET and the payload {id}
    const meOnStrapi = await call(strapi.http, 'GET', '/api/users/me', undefined, seeded.user.jwt);
    const meOnQuire = await call(q, 'GET', '/api/users/me', undefined, seeded.user.jwt);
    check(meOnQuire.status === 200 && firstDifference(meOnQuire.body, meOnStrapi.body) === undefined, `a JWT Strapi issued is accepted by quire, /api/users/me answers alike (${meOnQuire.status}, ${firstDifference(meOnQuire.body, meOnStrapi.body) ?? 'same'})`);
    const quireLogin = await call(q, 'POST', '/api/auth/local', { identifier: 'reviewer@example.com', password: 'Reviewer-pass-1' }, null);
    const quireJwt = quireLogin.body?.jwt as string | undefined;
    const meFromQuireJwt = await call(strapi.http, 'GET', '/api/users/me', undefined, quireJwt ?? null);
    check(quireLogin.status === 200 && meFromQuireJwt.status === 200 && meFromQuireJwt.body?.id === seeded.user.id, `a JWT quire issued at login is accepted by Strapi (${quireLogin.status}, ${meFromQuireJwt.status})`);
    const quireUser = await call(q, 'POST', '/api/auth/local/register', { username: 'quire-made', email: 'quire-made@example.com', password: 'Quire-pass-1' }, null);
    const quireUserOnStrapi = await call(strapi.http, 'GET', '/api/users/me', undefined, quireUser.body?.jwt ?? null);
    check(quireUser.status === 200 && quireUserOnStrapi.status === 200 && quireUserOnStrapi.body?.username === 'quire-made', `a user registered on quire signs in on Strapi with quire's JWT (${quireUser.status}, ${quireUserOnStrapi.status})`);
    const strapiLogin = await call(strapi.http, 'POST', '/api/auth/local', { identifier: 'quire-made', password: 'Quire-pass-1' }, null);
    check(strapiLogin.status === 200 && (await call(q, 'GET', '/api/users/me', undefined, strapiLogin.body?.jwt ?? null)).status === 200, `quire's user logs in on Strapi, and that JWT works on quire (${strapiLogin.status})`);

    // a locale added in Strapi's admin: quire accepts it within seconds, and Strapi reads quire's localization back
    const fr = await call(strapi.http, 'POST', '/i18n/locales', { name: 'French (fr)', code: 'fr', isDefault: false }, tokens.admin);
    check(fr.status === 200, `Strapi's admin adds the locale fr (${fr.status})`);
    let localization = { status: 0, body: undefined as any, text: '' };
    for (let i = 0; i < 20 && localization.status !== 200; i++) {
      localization = await call(q, 'POST', `/api/terms/${seeded.terms[0]}/localizations`, { name: 'Moteur', locale: 'fr' });
      if (localization.status !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    check(localization.status === 200, `quire accepts the locale added in Strapi's admin within 10 s (${localization.status} ${localization.text.slice(0, 160)})`);
    const frOnStrapi = await call(strapi.http, 'GET', `/api/terms?locale=fr&populate=localizations`);
    const frOnQuire = await call(q, 'GET', `/api/terms?locale=fr&populate=localizations`);
    const frDiff = firstDifference(withoutDeliberate(frOnQuire.body, frOnStrapi.body), frOnStrapi.body);
    check(frOnStrapi.status === 200 && frOnStrapi.body?.data?.length === 1 && frDiff === undefined, `Strapi reads quire's localization and its links as quire does (${frOnStrapi.status}, ${frDiff ?? 'same'})`);
    const badLocale = await call(q, 'POST', '/api/terms', { data: { name: 'Motor', locale: 'es' } });
    const badOnStrapi = await call(strapi.http, 'POST', '/api/terms', { data: { name: 'Motor', locale: 'es' } });
    check(badLocale.status === 400 && badOnStrapi.status === 400, `a locale Strapi does not have is refused by both (${badLocale.status}, ${badOnStrapi.status})`);
    const defaultFr = await call(strapi.http, 'PUT', `/i18n/locales/${fr.body?.id}`, { name: 'French (fr)', isDefault: true }, tokens.admin);
    let frDefault = false;
    for (let i = 0; i < 20 && !frDefault; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const list = await call(q, 'GET', '/api/terms?fields[0]=name&fields[1]=locale');
      frDefault = Array.isArray(list.body?.data) && list.body.data.length === 1 && list.body.data[0].attributes.locale === 'fr';
    }
    const listsAlike = firstDifference(withoutDeliberate((await call(q, 'GET', '/api/terms')).body, (await call(strapi.http, 'GET', '/api/terms')).body), (await call(strapi.http, 'GET', '/api/terms')).body);
    check(defaultFr.status === 200 && frDefault && listsAlike === undefined, `the default locale set in Strapi's admin is quire's within 10 s (${defaultFr.status}, ${listsAlike ?? 'same'})`);

    // users-permissions advanced settings changed in Strapi's admin
    const advanced = (await call(strapi.http, 'GET', '/users-permissions/advanced', undefined, tokens.admin)).body?.settings;
    const strapiHttp = strapi.http;
    const putAdvanced = (settings: Record<string, unknown>) => call(strapiHttp, 'PUT', '/users-permissions/advanced', { ...advanced, ...settings }, tokens.admin);
    const registerOn = (http: Http, name: string) => call(http, 'POST', '/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'Passw0rd-1' }, null);
    await putAdvanced({ allow_register: false });
    let closed = { status: 0, body: undefined as any, text: '' };
    for (let i = 0; i < 20 && closed.status !== 400; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 500));
      closed = await registerOn(q, `closed-${i}`);
    }
    const closedOnStrapi = await registerOn(strapi.http, 'closed-strapi');
    check(closed.status === 400 && firstDifference(closed.body, closedOnStrapi.body) === undefined, `allow_register off in Strapi's admin: quire refuses registration as Strapi does (${closed.status} ${closed.body?.error?.message})`);
    await call(strapi.http, 'POST', '/users-permissions/roles', { name: 'Reader', description: 'reads', permissions: {} }, tokens.admin);
    await putAdvanced({ default_role: 'reader' });
    let readerUser = { status: 0, body: undefined as any, text: '' };
    for (let i = 0; i < 20 && readerUser.status !== 200; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 500));
      readerUser = await registerOn(q, `reader-${i}`);
    }
    const readerRole = await onDatabase(databaseUrl(dbName), (knex) => knex('up_users').join('up_users_role_links as l', 'l.user_id', 'up_users.id').join('up_roles as r', 'r.id', 'l.role_id').where('up_users.id', readerUser.body?.user?.id ?? 0).select('r.type'));
    const readerMe = [await call(q, 'GET', '/api/users/me', undefined, readerUser.body?.jwt ?? null), await call(strapi.http, 'GET', '/api/users/me', undefined, readerUser.body?.jwt ?? null)];
    check((readerRole[0] as { type?: string } | undefined)?.type === 'reader' && readerMe[0].status === 403 && readerMe[1].status === 403, `default_role set in Strapi's admin: quire's registration gets it, /users/me refused alike (${(readerRole[0] as { type?: string } | undefined)?.type}, ${readerMe.map((r) => r.status).join(', ')})`);
    await putAdvanced({ default_role: 'authenticated', email_confirmation: true });
    let unconfirmed = { status: 0, body: undefined as any, text: '' };
    for (let i = 0; i < 20 && !(unconfirmed.status === 200 && unconfirmed.body?.jwt === undefined); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 500));
      unconfirmed = await registerOn(q, `unconfirmed-${i}`);
    }
    const unconfirmedName = unconfirmed.body?.user?.username as string | undefined;
    const login = (http: Http) => call(http, 'POST', '/api/auth/local', { identifier: unconfirmedName, password: 'Passw0rd-1' }, null);
    const [loginQuire, loginStrapi] = [await login(q), await login(strapi.http)];
    check(unconfirmed.status === 200 && unconfirmed.body?.jwt === undefined && loginQuire.status === 400 && firstDifference(loginQuire.body, loginStrapi.body) === undefined,
      `email_confirmation on in Strapi's admin: quire registers without a JWT and refuses the login as Strapi does (${loginQuire.body?.error?.message})`);
    await putAdvanced({});

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
    if (process.env.KEEP_DB !== '1') {
      if (DIALECT === 'postgres') await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
      if (DIALECT === 'mysql') await admin(`DROP DATABASE IF EXISTS \`${dbName}\``).catch(() => undefined);
    }
  }
  process.stdout.write(failures.length ? `\n${failures.length} check(s) failed\n` : '\nall checks passed\n');
  return failures.length ? 1 : 0;
}

main().then((code) => process.exit(code), (err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
