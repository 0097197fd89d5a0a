/**
 * test/strapi: quire's writes on a Strapi database are the rows Strapi 4.26.2 writes (`make
 * test-strapi`). Real Strapi seeds a database, which is copied; Strapi then runs write-parity.ts's
 * writes (uploads with and without ref/refId/field, entries with media, components, a dynamic zone)
 * on the original and quire runs them on the copy, into the same upload folder
 * (<Strapi project>/public/uploads, quire's UPLOAD_DIR). Checked: the same answers' statuses, the
 * same rows in every content, component, link, files and folder table; quire serves the files Strapi
 * uploaded at their url; and Strapi, restarted on quire's copy, answers its Content API, upload API
 * and Media Library as on its own writes.
 *   node dist/test/strapi/write-coexist.js [postgres|sqlite]     (STRAPI_REF_DIR: where Strapi is built)
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadServerConfig } from '../../engine/config/server-config.js';
import { createLogger, startServer, type RunningServer } from '../../engine/server.js';
import { firstDifference } from '../bench/compare-bodies.js';
import { withoutFormatSizes } from './known-differences.js';
import { call, seedContent, type Http } from './seed-strapi.js';
import { adminTokens, databaseUrl, ensureStrapi, pgAdmin, port, REF, ROOT, SECRETS, SPEC, startStrapi, type Strapi } from './strapi-process.js';
import { contentRows, rowDifferences, writeScript } from './write-parity.js';

const DIALECT = (process.argv[2] ?? 'postgres') as 'postgres' | 'sqlite';
const UPLOADS = join(REF, 'public', 'uploads');

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${what}\n`);
  if (!ok) failures.push(what);
};

/** what differs by nature between two uploads of the same bytes: the random part of hashes, times; the encoder's format sizes */
function sameShape(x: unknown): unknown {
  return JSON.parse(JSON.stringify(withoutFormatSizes(x ?? null))
    .replace(/_[0-9a-f]{10}(?=[."])/g, '_<random>')
    .replace(/"(createdAt|updatedAt|publishedAt)":"[^"]+"/g, '"$1":"<set>"'));
}

async function adminJwt(http: Http): Promise<string> {
  const r = await call(http, 'POST', '/admin/login', { email: 'editor@example.com', password: 'Editor-pass-1' }, null);
  if (r.status !== 200) throw new Error(`admin login -> ${r.status} ${r.text.slice(0, 200)}`);
  return r.body.data.token as string;
}

/** what Strapi answers about the written entries and files: Content API, upload API, Media Library */
async function strapiView(http: Http, article: number): Promise<Record<string, unknown>> {
  const jwt = await adminJwt(http);
  const get = async (path: string, token: string | null = http.token) => {
    const r = await call(http, 'GET', path, undefined, token);
    return { status: r.status, body: sameShape(r.body) };
  };
  return {
    article: await get(`/api/articles/${article}?publicationState=preview&populate[cover]=*&populate[gallery]=*&populate[seo][populate]=*&populate[sources]=*&populate[blocks][populate]=*`),
    articleOne: await get('/api/articles/1?populate=*'),
    authors: await get('/api/authors?populate=*&sort=id'),
    homepage: await get('/api/homepage?populate[hero][populate]=*'),
    uploadFiles: await get('/api/upload/files?sort=id'),
    mediaLibrary: await get('/upload/files?page=1&pageSize=100&sort=id:ASC', jwt),
    mediaFolders: await get('/upload/folders', jwt),
  };
}

async function main(): Promise<number> {
  ensureStrapi();
  const pid = process.pid;
  const nameA = DIALECT === 'postgres' ? `quire_strapi_writes_${pid}_a` : join(REF, '.tmp', `writes-${pid}-a.db`);
  const nameB = DIALECT === 'postgres' ? `quire_strapi_writes_${pid}_b` : join(REF, '.tmp', `writes-${pid}-b.db`);
  const artifacts = join(REF, 'quire-artifacts');
  const build = spawnSync(process.execPath, [join(ROOT, 'bin', 'quire.js'), 'build', '--src', SPEC, '--out', artifacts], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('quire build failed');
  if (DIALECT === 'postgres') await pgAdmin((c) => c.query(`CREATE DATABASE "${nameA}"`));
  else mkdirSync(dirname(nameA), { recursive: true });
  let strapi: Strapi | undefined;
  let quire: RunningServer | undefined;
  try {
    strapi = await startStrapi(DIALECT, nameA);
    const seeded = await seedContent(strapi.http);
    await adminTokens(strapi.http);
    await strapi.stop();
    if (DIALECT === 'postgres') await pgAdmin((c) => c.query(`CREATE DATABASE "${nameB}" TEMPLATE "${nameA}"`));
    else copyFileSync(nameA, nameB);

    strapi = await startStrapi(DIALECT, nameA);
    const theirs = await writeScript(strapi.http, seeded.articles[0]);
    const config = loadServerConfig({ ...SECRETS, NODE_ENV: 'test', DATABASE_URL: databaseUrl(DIALECT, nameB), UPLOAD_DIR: UPLOADS, PORT: String(port()), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, { artifactsDir: artifacts });
    quire = await startServer(config, createLogger('warn'));
    const q: Http = { base: quire.url, token: strapi.http.token };
    const ours = await writeScript(q, seeded.articles[0]);
    for (const [i, s] of theirs.steps.entries()) {
      const o = ours.steps[i];
      check(o?.status === s.status && o?.id === s.id, `${s.what}: quire ${o?.status} id ${o?.id}, Strapi ${s.status} id ${s.id}`);
    }
    const rowDiffs = rowDifferences(await contentRows(databaseUrl(DIALECT, nameA)), await contentRows(databaseUrl(DIALECT, nameB)));
    for (const d of rowDiffs) process.stdout.write(`  ${d}\n`);
    check(rowDiffs.length === 0, `quire's writes leave the rows Strapi's leave (first: Strapi, second: quire; ${rowDiffs.length} differ)`);

    // the files Strapi uploaded, served by quire at the same url from the same folder
    await quire.stop();
    const configA = loadServerConfig({ ...SECRETS, NODE_ENV: 'test', DATABASE_URL: databaseUrl(DIALECT, nameA), UPLOAD_DIR: UPLOADS, PORT: String(port()), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, { artifactsDir: artifacts });
    quire = await startServer(configA, createLogger('warn'));
    const qa: Http = { base: quire.url, token: strapi.http.token };
    const strapiFiles = await call(strapi.http, 'GET', '/api/upload/files?sort=id');
    const quireFiles = await call(qa, 'GET', '/api/upload/files?sort=id');
    const filesDiff = firstDifference(quireFiles.body, strapiFiles.body);
    check(quireFiles.status === 200 && filesDiff === undefined, `quire lists the files Strapi uploaded as Strapi does (${filesDiff ?? 'same'})`);
    let served = 0;
    const urls = (strapiFiles.body as { url: string; formats: Record<string, { url: string }> | null }[]).flatMap((f) => [f.url, ...Object.values(f.formats ?? {}).map((x) => x.url)]);
    for (const url of urls) {
      const [a, b] = await Promise.all([fetch(strapi.http.base + url), fetch(quire.url + url)]);
      const [x, y] = await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
      if (a.status === 200 && b.status === 200 && Buffer.from(x).equals(Buffer.from(y))) served++;
      else process.stdout.write(`  ${url}: Strapi ${a.status}, quire ${b.status}\n`);
    }
    check(served === urls.length && urls.length > 0, `quire serves the ${urls.length} objects Strapi uploaded at their url, same bytes (${served})`);
    await quire.stop();
    quire = undefined;

    // Strapi on quire's copy answers as on its own writes
    const viewA = await strapiView(strapi.http, theirs.article ?? 0);
    await strapi.stop();
    strapi = await startStrapi(DIALECT, nameB);
    const viewB = await strapiView(strapi.http, ours.article ?? 0);
    for (const k of Object.keys(viewA)) {
      const d = firstDifference(viewB[k], viewA[k]);
      check(d === undefined && (viewA[k] as { status: number }).status === 200, `Strapi answers ${k} on quire's writes as on its own (${d ?? 'same'})`);
    }
  } finally {
    await quire?.stop().catch(() => undefined);
    await strapi?.stop().catch(() => undefined);
    if (DIALECT === 'postgres' && process.env.KEEP_DB !== '1') {
      for (const n of [nameA, nameB]) await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`)).catch(() => undefined);
    }
  }
  process.stdout.write(failures.length ? `\n${failures.length} check(s) failed\n` : '\nall checks passed\n');
  return failures.length ? 1 : 0;
}

main().then((code) => process.exit(code), (err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
