/**
 * test/strapi: records test/fixtures/strapi-db/writes-<dialect>.json.gz, what `make test` compares
 * quire's writes on a Strapi database with: real Strapi 4.26.2 is started on a fresh copy of the
 * recorded Strapi database (strapi.db.gz, strapi-postgres.sql.gz), runs write-parity.ts's writes
 * (uploads, entries with media, components, a dynamic zone) and the rows they add, change and
 * remove are kept (rowDelta of two contentRows snapshots). Run after record-fixture.js (which calls it).
 *   node dist/test/strapi/record-writes.js
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { databaseUrl, ensureStrapi, pgAdmin, REF, ROOT, startStrapi } from './strapi-process.js';
import { contentRows, rowDelta, writeScript, type WriteResult } from './write-parity.js';

const OUT = join(ROOT, 'test', 'fixtures', 'strapi-db');
/** the article the upload with ref/refId/field attaches to (the first seeded one) */
export const WRITES_ARTICLE = 1;

export interface RecordedWrites {
  strapi: string;
  dialect: 'sqlite' | 'postgres';
  steps: WriteResult['steps'];
  /** rowDelta of the database before and after the writes */
  delta: string[];
}

export async function recordWrites(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const name = dialect === 'sqlite' ? join(REF, '.tmp', `record-writes-${process.pid}.db`) : `quire_strapi_record_writes_${process.pid}`;
  if (dialect === 'sqlite') {
    mkdirSync(join(REF, '.tmp'), { recursive: true });
    writeFileSync(name, gunzipSync(readFileSync(join(OUT, 'strapi.db.gz'))));
  } else {
    await pgAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
    const client = new pg.Client({ connectionString: databaseUrl(dialect, name) });
    await client.connect();
    await client.query(gunzipSync(readFileSync(join(OUT, 'strapi-postgres.sql.gz'))).toString('utf8')).finally(() => client.end());
  }
  try {
    const before = await contentRows(databaseUrl(dialect, name));
    const strapi = await startStrapi(dialect, name);
    let steps: WriteResult['steps'];
    try {
      steps = (await writeScript(strapi.http, WRITES_ARTICLE)).steps;
    } finally {
      await strapi.stop();
    }
    const delta = rowDelta(before, await contentRows(databaseUrl(dialect, name)));
    const recorded: RecordedWrites = { strapi: '4.26.2', dialect, steps, delta };
    writeFileSync(join(OUT, `writes-${dialect}.json.gz`), gzipSync(JSON.stringify(recorded) + '\n', { level: 9 }));
    process.stdout.write(`recorded ${dialect} writes: ${steps.length} steps, ${delta.length} rows changed\n`);
  } finally {
    if (dialect === 'sqlite') rmSync(name, { force: true });
    else await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureStrapi();
  (async () => {
    for (const d of ['sqlite', 'postgres'] as const) await recordWrites(d);
  })().then(() => process.exit(0), (err) => {
    process.stderr.write(`${(err as Error).stack ?? err}\n`);
    process.exit(1);
  });
}
