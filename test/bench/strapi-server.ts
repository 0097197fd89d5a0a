/**
 * bench: real Strapi 4.26.2 for `make bench-vs-strapi`, run as a black box. Writes the bench spec in
 * the spelling Strapi v4 accepts (strapiSpec), builds the server with the shared reference's setup.sh
 * into a cache directory keyed by the hash of that spec and of the reference (so reruns reuse it),
 * starts it as a child process on a database of the bench's own, and counts its SQL statements from
 * knex's debug output on stderr (`DEBUG=knex:query`: one line per statement, BEGIN/COMMIT included).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { strapiReferenceDir } from '../helpers/strapi-reference.js';
import { freePort, ROOT, waitHealthy, type ServerProcess } from './processes.js';

/** the shared reference (setup.sh, package.json, config); STRAPI_REFERENCE overrides */
const reference = (): string => strapiReferenceDir(ROOT);
/** built servers live in <cache>/<hash>; STRAPI_BENCH_CACHE overrides */
const CACHE = process.env.STRAPI_BENCH_CACHE ?? '/tmp/quire-bench-strapi';

/**
 * Strapi v4 has no `oneWay`/`manyWay` relation kinds in schema.json (it answers "Unknown relation" at
 * start): it spells them `oneToOne`/`oneToMany` without `inversedBy`/`mappedBy`. Same REST and GraphQL
 * shapes, so both servers answer the same bodies.
 *   { relation: 'manyWay', target: 'api::article.article' } -> { relation: 'oneToMany', target: 'api::article.article' }
 */
export function strapiRelation(attribute: Record<string, unknown>): Record<string, unknown> {
  const kinds: Record<string, string> = { oneWay: 'oneToOne', manyWay: 'oneToMany' };
  const kind = attribute.relation as string | undefined;
  return attribute.type === 'relation' && kind && kinds[kind] ? { ...attribute, relation: kinds[kind] } : attribute;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

/** `src` (quire's spec layout, without artifacts/) copied to `out` with Strapi's relation spelling; the hash of what was written */
export function strapiSpec(src: string, out: string): string {
  rmSync(out, { recursive: true, force: true });
  const hash = createHash('sha256');
  for (const f of filesUnder(src).filter((f) => !f.startsWith('artifacts'))) {
    let text = readFileSync(join(src, f), 'utf8');
    if (f.endsWith('schema.json')) {
      const schema = JSON.parse(text);
      schema.attributes = Object.fromEntries(Object.entries(schema.attributes ?? {}).map(([k, a]) => [k, strapiRelation(a as Record<string, unknown>)]));
      text = JSON.stringify(schema, null, 2) + '\n';
    }
    mkdirSync(dirname(join(out, f)), { recursive: true });
    writeFileSync(join(out, f), text);
    hash.update(f).update('\0').update(text).update('\0');
  }
  const REFERENCE = reference();
  for (const f of filesUnder(REFERENCE)) hash.update(relative(REFERENCE, join(REFERENCE, f))).update(readFileSync(join(REFERENCE, f)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The built Strapi server for `specDir` (quire's spec layout): reused from the cache when its hash
 * was built before; otherwise setup.sh builds it, starting from another cached build's node_modules
 * (hard links) when there is one, so only the first build ever downloads packages.
 */
export async function buildStrapi(specDir: string, say: (s: string) => void): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  const spec = join(CACHE, `spec-${process.pid}`);
  const hash = strapiSpec(specDir, spec);
  const dir = join(CACHE, hash);
  if (existsSync(join(dir, '.built'))) {
    rmSync(spec, { recursive: true, force: true });
    say(`Strapi 4.26.2: reusing the build in ${dir}`);
    return dir;
  }
  const donor = readdirSync(CACHE).map((d) => join(CACHE, d)).find((d) => d !== dir && existsSync(join(d, '.built')));
  if (donor && !existsSync(join(dir, 'node_modules'))) {
    mkdirSync(dir, { recursive: true });
    spawnSync('cp', ['-al', join(donor, 'node_modules'), join(dir, 'node_modules')], { stdio: 'ignore' });
  }
  const REFERENCE = reference();
  say(`Strapi 4.26.2: building into ${dir} with ${join(REFERENCE, 'setup.sh')} (a few minutes the first time)`);
  // in the background: the caller starts and seeds quire meanwhile
  const child = spawn('bash', [join(REFERENCE, 'setup.sh'), spec, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  rmSync(spec, { recursive: true, force: true });
  if (status !== 0) throw new Error(`Strapi setup.sh failed (${status}):\n${output}`);
  writeFileSync(join(dir, '.built'), new Date().toISOString() + '\n');
  return dir;
}

export interface StrapiProcess extends ServerProcess {
  /** its full-access API token */
  token: string;
  /** SQL statements logged so far (only when started with countStatements) */
  statements(): number;
}

export interface StrapiDatabase {
  dialect: 'sqlite' | 'postgres';
  /** sqlite: a file name relative to the Strapi directory; postgres: a postgres:// URL */
  location: string;
}

function databaseEnv(db: StrapiDatabase): Record<string, string> {
  if (db.dialect === 'sqlite') return { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: db.location };
  const u = new URL(db.location);
  return {
    DATABASE_CLIENT: 'postgres', DATABASE_HOST: u.hostname, DATABASE_PORT: u.port || '5432', DATABASE_NAME: u.pathname.slice(1),
    DATABASE_USERNAME: decodeURIComponent(u.username), DATABASE_PASSWORD: decodeURIComponent(u.password),
  };
}

/** `strapi start` (production, no admin panel) in `dir` on `db`; with countStatements, knex's debug lines are counted */
export async function startStrapi(dir: string, db: StrapiDatabase, logFile: string, countStatements: boolean): Promise<StrapiProcess> {
  const port = await freePort();
  const log = createWriteStream(logFile, { flags: 'a' });
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production', STRAPI_TELEMETRY_DISABLED: 'true', STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true', BROWSER: 'none',
    HOST: '127.0.0.1', PORT: String(port), ...databaseEnv(db), DEBUG_COLORS: 'no', DEBUG_HIDE_DATE: 'true',
  };
  delete env.DEBUG;
  if (countStatements) env.DEBUG = 'knex:query';
  const child = spawn(process.execPath, [join(dir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), 'start'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let statements = 0;
  let partial = '';
  child.stdout?.pipe(log);
  child.stderr?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const l of lines) if (l.includes('knex:query')) statements++;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child, 'strapi', 180_000);
  const exited = new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
  return {
    name: 'strapi', url, pid: child.pid as number, child,
    token: readFileSync(join(dir, 'token.txt'), 'utf8').trim(),
    statements: () => statements,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
