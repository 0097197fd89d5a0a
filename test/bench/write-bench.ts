/**
 * bench: the repository's write path alone, in this process: µs per create + update of an article
 * (scalars, then scalars with a relation) on a fresh database, after a warm-up: the process's CPU
 * time per pair (steadier than wall time on a shared machine; SQLite runs in this process).
 *   node dist/test/bench/write-bench.js [pairs=3000]
 * SQLite unless QUIRE_TEST_DIALECT says otherwise.
 */
import { createRepository, syncSchema } from '../../engine/repository/index.js';
import { dropTestDatabase, loadExampleModel, testDatabaseUrl } from '../helpers/database.js';

const pairs = Number(process.argv[2] ?? 3000);
const ARTICLE = 'api::article.article';
const TAG = 'api::tag.tag';
const data = (scalars: Record<string, unknown>, relations: Record<string, unknown> = {}) => ({ scalars, relations, media: {}, components: {}, dynamicZones: {} }) as any;

const model = await loadExampleModel();
const url = await testDatabaseUrl('write_bench');
const repo = await createRepository({ model, databaseUrl: url });
await syncSchema(repo, model, { allowDestructive: false });
const tag = await repo.create({ kind: 'create', uid: TAG, data: data({ name: 'bench' }) });

async function round(n: number, withLinks: boolean): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const relations = withLinks ? { tags: { kind: 'set', ids: [tag] } } : {};
    const id = await repo.create({ kind: 'create', uid: ARTICLE, data: data({ title: `a${i}`, excerpt: 'x' }, relations) });
    await repo.update({ kind: 'update', uid: ARTICLE, id, data: data({ title: `b${i}` }, relations) });
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

for (const withLinks of [false, true]) {
  await round(Math.min(500, pairs), withLinks);
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) runs.push(await round(pairs, withLinks));
  runs.sort((a, b) => a - b);
  console.log(`${withLinks ? 'create+update with a relation' : 'create+update of scalars'}: median ${runs[2].toFixed(1)} (runs ${runs.map((r) => r.toFixed(0)).join(', ')}) CPU µs per pair`);
}
await repo.close();
await dropTestDatabase(url);
