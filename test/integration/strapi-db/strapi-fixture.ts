/**
 * integration: the Strapi-made databases of test/fixtures/strapi-db (recorded by
 * test/strapi/record-fixture.ts with real Strapi 4.26.2), served fresh to each test file: artifacts
 * built from the spec Strapi ran, a copy of the SQLite file or the PostgreSQL dump loaded into a new
 * database, and the secrets Strapi ran with. Recorded for SQLite, PostgreSQL and MariaDB.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import mysql from 'mysql2/promise';
import pg from 'pg';
import * as assert from 'uvu/assert';
import { main as buildMain } from '../../../compiler/cli.js';
import { testDatabaseUrl } from '../../helpers/database.js';
import { DIALECT } from '../../helpers/server.js';
import { FIXTURES, runCli, tempDir } from '../../helpers/spec-dir.js';
import { mysqlConnection } from '../../strapi/schema-fingerprint.js';

export const DIR = join(FIXTURES, 'strapi-db');
export const SPEC = join(FIXTURES, 'specs', 'strapi-coexist');
/** the secrets the fixture's Strapi ran with (../shared/strapi-reference/config) */
export const ENV = { JWT_SECRET: 'quire-ref-users-permissions-jwt-secret', API_TOKEN_SALT: 'quire-ref-api-token-salt' };

export interface Recorded {
  fullAccessKey: string;
  readOnlyKey: string;
  customKey: string;
  answers: { path: string; graphql?: string; status: number; body: unknown }[];
}

export function recorded(): Recorded {
  return JSON.parse(gunzipSync(readFileSync(join(DIR, `answers-${DIALECT}.json.gz`))).toString('utf8')) as Recorded;
}

export async function buildArtifacts(spec: string): Promise<string> {
  const out = tempDir('quire-strapi-artifacts-');
  const r = await runCli(buildMain, ['build', '--src', spec, '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  return out;
}

/** a fresh copy of Strapi's database */
export async function strapiDatabase(name: string): Promise<string> {
  if (DIALECT === 'sqlite') {
    const file = join(tempDir('quire-strapi-db-'), 'strapi.db');
    writeFileSync(file, gunzipSync(readFileSync(join(DIR, 'strapi.db.gz'))));
    return `sqlite:${file}`;
  }
  const url = await testDatabaseUrl(name);
  if (DIALECT === 'mysql') {
    const conn = await mysql.createConnection(mysqlConnection(url));
    try {
      await conn.query(gunzipSync(readFileSync(join(DIR, 'strapi-mysql.sql.gz'))).toString('utf8'));
    } finally {
      await conn.end();
    }
    return url;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(gunzipSync(readFileSync(join(DIR, 'strapi-postgres.sql.gz'))).toString('utf8'));
  } finally {
    await client.end();
  }
  return url;
}
