/**
 * test/strapi: real Strapi 4.26.2 as a child process for the coexistence runs: built once by
 * ../shared/strapi-reference/setup.sh on test/fixtures/specs/strapi-coexist into STRAPI_REF_DIR,
 * started on a PostgreSQL or MySQL/MariaDB database or a SQLite file of the caller's choice, stopped
 * by the caller. MySQL/MariaDB: the reference's config knows PostgreSQL and SQLite only, so its
 * production override (config/env/production/database.js) and the mysql2 driver are added here.
 * Also what an editor does in Strapi's admin: the first admin and API tokens made through its API.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strapiReferenceDir } from '../helpers/strapi-reference.js';
import pg from 'pg';
import { call, type Http } from './seed-strapi.js';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '..', '..', '..');
export const SPEC = join(ROOT, 'test', 'fixtures', 'specs', 'strapi-coexist');
const setupScript = (): string => join(strapiReferenceDir(ROOT), 'setup.sh');
export const REF = process.env.STRAPI_REF_DIR ?? '/tmp/quire-strapi-coexist';
export const PG_URL = process.env.QUIRE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_URL = process.env.QUIRE_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
export type StrapiDialect = 'postgres' | 'sqlite' | 'mysql';

/** Strapi's database config for DATABASE_CLIENT=mysql (knex's mysql2 client), merged over the reference's own */
const MYSQL_CONFIG = `// DATABASE_CLIENT=mysql: MySQL/MariaDB through mysql2; the other clients keep config/database.js
module.exports = ({ env }) => (env('DATABASE_CLIENT') === 'mysql'
  ? {
      connection: {
        client: 'mysql2',
        connection: {
          host: env('DATABASE_HOST', '127.0.0.1'),
          port: env.int('DATABASE_PORT', 3306),
          database: env('DATABASE_NAME'),
          user: env('DATABASE_USERNAME', 'root'),
          password: env('DATABASE_PASSWORD', ''),
        },
        pool: { min: 0, max: 10 },
        acquireConnectionTimeout: 60000,
      },
    }
  : {});
`;
/** the reference's secrets (its config/*.js defaults); quire is given the same */
export const SECRETS = { JWT_SECRET: 'quire-ref-users-permissions-jwt-secret', API_TOKEN_SALT: 'quire-ref-api-token-salt' };
export const port = () => 20000 + Math.floor(Math.random() * 40000);

/** the database URL of a SQLite file or of a database on the server of PG_URL or MYSQL_URL */
export function databaseUrl(dialect: StrapiDialect, name: string): string {
  if (dialect === 'sqlite') return `sqlite:${name}`;
  const u = new URL(dialect === 'mysql' ? MYSQL_URL : PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** `fn` on a client of PG_URL's database (CREATE / DROP DATABASE) */
export async function pgAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Build Strapi in REF once (minutes: npm install), and copy the spec's content-types there every time. */
export function ensureStrapi(): void {
  const fresh = !existsSync(join(REF, 'node_modules', '@strapi', 'strapi'));
  if (fresh) process.stdout.write(`building Strapi 4.26.2 in ${REF} (minutes the first time)\n`);
  const r = spawnSync('bash', [setupScript(), SPEC, REF], { stdio: fresh ? 'inherit' : 'ignore' });
  if (r.status !== 0) throw new Error('setup.sh failed');
  mkdirSync(join(REF, 'config', 'env', 'production'), { recursive: true });
  writeFileSync(join(REF, 'config', 'env', 'production', 'database.js'), MYSQL_CONFIG);
  if (!existsSync(join(REF, 'node_modules', 'mysql2'))) {
    const m = spawnSync('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', 'mysql2@3'], { cwd: REF, stdio: 'inherit' });
    if (m.status !== 0) throw new Error('npm install mysql2 failed');
  }
}

function serverEnv(client: 'postgres' | 'mysql', dbName: string): Record<string, string> {
  const u = new URL(client === 'postgres' ? PG_URL : MYSQL_URL);
  const user = decodeURIComponent(u.username || (client === 'postgres' ? 'postgres' : 'root'));
  return { DATABASE_CLIENT: client, DATABASE_HOST: u.hostname, DATABASE_PORT: u.port || (client === 'postgres' ? '5432' : '3306'), DATABASE_NAME: dbName, DATABASE_USERNAME: user, DATABASE_PASSWORD: decodeURIComponent(u.password) };
}

function strapiEnv(dialect: StrapiDialect, dbName: string, p: number): NodeJS.ProcessEnv {
  const db = dialect === 'sqlite'
    // the reference's config joins DATABASE_FILENAME to its own root
    ? { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: relative(REF, dbName) }
    : serverEnv(dialect, dbName);
  return { ...process.env, ...db, NODE_ENV: 'production', PORT: String(p), HOST: '127.0.0.1', STRAPI_TELEMETRY_DISABLED: 'true', STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true', BROWSER: 'none' };
}

export interface Strapi {
  proc: ChildProcess;
  http: Http;
  stop(): Promise<void>;
}

export async function startStrapi(dialect: StrapiDialect, dbName: string): Promise<Strapi> {
  const p = port();
  let log = '';
  const proc = spawn(process.execPath, ['node_modules/@strapi/strapi/bin/strapi.js', 'start'], { cwd: REF, env: strapiEnv(dialect, dbName, p), stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const base = `http://127.0.0.1:${p}`;
  for (let i = 0; i < 240; i++) {
    if (proc.exitCode !== null) throw new Error(`Strapi exited (${proc.exitCode}):\n${log.slice(-3000)}`);
    const up = await fetch(`${base}/_health`).then((r) => r.status < 500, () => false);
    if (up) break;
    if (i === 239) throw new Error(`Strapi did not answer in 240 s:\n${log.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const token = readFileSync(join(REF, 'token.txt'), 'utf8').trim();
  const stop = () => new Promise<void>((res) => {
    if (proc.exitCode !== null) return res();
    proc.once('exit', () => res());
    proc.kill('SIGTERM');
  });
  return { proc, http: { base, token }, stop };
}

/** an admin user (its admin JWT) and a read-only + a custom token made through Strapi's admin API (what an editor does in the panel) */
export async function adminTokens(http: Http): Promise<{ readOnly: string; custom: string; admin: string }> {
  const reg = await call(http, 'POST', '/admin/register-admin', { firstname: 'Ed', lastname: 'Itor', email: 'editor@example.com', password: 'Editor-pass-1' }, null);
  if (reg.status !== 200) throw new Error(`register-admin -> ${reg.status} ${reg.text.slice(0, 200)}`);
  const jwt = reg.body.data.token as string;
  const make = async (body: unknown) => {
    const r = await call(http, 'POST', '/admin/api-tokens', body, jwt);
    if (r.status !== 201 && r.status !== 200) throw new Error(`api-tokens -> ${r.status} ${r.text.slice(0, 200)}`);
    return r.body.data.accessKey as string;
  };
  return {
    readOnly: await make({ name: 'reader', description: '', type: 'read-only', lifespan: null }),
    custom: await make({ name: 'tags-only', description: '', type: 'custom', lifespan: null, permissions: ['api::tag.tag.find', 'api::tag.tag.create'] }),
    admin: jwt,
  };
}

