/**
 * test helpers: the databases real Strapi 4.26.2 made, kept in test/fixtures/strapi-db (recorded by
 * test/strapi/record-fixture.ts): a fresh copy of one for a test (the SQLite file, or the PostgreSQL
 * dump or MariaDB mysqldump loaded into a new database), the secrets that Strapi ran with, the
 * artifacts of its spec, Strapi's recorded answers and the rows its writes left.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import mysql from 'mysql2/promise';
import pg from 'pg';
import * as assert from 'uvu/assert';
import { main as buildMain } from '../../compiler/cli.js';
import { mysqlConnection } from '../strapi/schema-fingerprint.js';
import { testDatabaseUrl } from './database.js';
import { FIXTURES, runCli, tempDir } from './spec-dir.js';

export const STRAPI_DB_FIXTURES = join(FIXTURES, 'strapi-db');
export const STRAPI_COEXIST_SPEC = join(FIXTURES, 'specs', 'strapi-coexist');
/** the secrets the fixture's Strapi ran with (../shared/strapi-reference/config) */
export const STRAPI_FIXTURE_ENV = { JWT_SECRET: 'quire-ref-users-permissions-jwt-secret', API_TOKEN_SALT: 'quire-ref-api-token-salt' };

export interface RecordedAnswers {
  fullAccessKey: string;
  readOnlyKey: string;
  customKey: string;
  answers: { path: string; graphql?: string; status: number; body: unknown }[];
}

const gunzipJson = (file: string): unknown => JSON.parse(gunzipSync(readFileSync(join(STRAPI_DB_FIXTURES, file))).toString('utf8'));

/** what Strapi answered on its database of this dialect (recorded for SQLite, PostgreSQL and MariaDB) */
export const strapiAnswers = (dialect: string): RecordedAnswers => gunzipJson(`answers-${dialect}.json.gz`) as RecordedAnswers;

/** whether the rows Strapi's writes left were recorded for this dialect (record-writes.ts) */
export const strapiWritesRecorded = (dialect: string): boolean => existsSync(join(STRAPI_DB_FIXTURES, `writes-${dialect}.json.gz`));
export const strapiWrites = (dialect: string): unknown => gunzipJson(`writes-${dialect}.json.gz`);

export async function buildArtifacts(spec: string): Promise<string> {
  const out = tempDir('quire-strapi-artifacts-');
  const r = await runCli(buildMain, ['build', '--src', spec, '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  return out;
}

/** a fresh copy of Strapi's database; its URL */
export async function strapiDatabase(name: string, dialect: string): Promise<string> {
  if (dialect === 'sqlite') {
    const file = join(tempDir('quire-strapi-db-'), 'strapi.db');
    writeFileSync(file, gunzipSync(readFileSync(join(STRAPI_DB_FIXTURES, 'strapi.db.gz'))));
    return `sqlite:${file}`;
  }
  const url = await testDatabaseUrl(name);
  if (dialect === 'mysql') {
    const conn = await mysql.createConnection(mysqlConnection(url));
    try {
      await conn.query(gunzipSync(readFileSync(join(STRAPI_DB_FIXTURES, 'strapi-mysql.sql.gz'))).toString('utf8'));
    } finally {
      await conn.end();
    }
    return url;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(gunzipSync(readFileSync(join(STRAPI_DB_FIXTURES, 'strapi-postgres.sql.gz'))).toString('utf8'));
  } finally {
    await client.end();
  }
  return url;
}
