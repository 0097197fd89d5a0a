/**
 * reliability: an attribute made unique over a table that already holds duplicates (a model change,
 * a database imported from elsewhere) never stops the server from starting: the index is created
 * non-unique with a warning, and the next start after the duplicates are gone makes it unique, so
 * parallel creates of one value are refused again. Both databases.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { editJson } from '../helpers/spec-dir.js';
import { testDatabaseUrl } from '../helpers/database.js';
import { startTestServer } from '../helpers/server.js';
import { exampleArtifacts, knexOf } from '../integration/users/users-fixture.js';

test('duplicates under a new unique attribute: the start succeeds, warns, and enforces it once they are gone', async () => {
  const loose = await exampleArtifacts((spec) => editJson(spec, 'api/tag/content-types/tag/schema.json', (j) => (j.attributes.name.unique = false)));
  const strict = await exampleArtifacts(() => undefined);
  const databaseUrl = await testDatabaseUrl('rel-unique-sync');

  let s = await startTestServer({ name: 'x', artifactsDir: loose, databaseUrl });
  const token = await s.token('full-access');
  for (const name of ['twin', 'twin', 'single']) {
    const r = await s.request('POST', '/api/tags', { body: { data: { name } }, token });
    assert.is(r.status, 200, r.text);
  }
  await s.stop();

  s = await startTestServer({ name: 'x', artifactsDir: strict, databaseUrl });
  assert.ok(s.running.app.sync.warnings?.some((w) => /tags_name_unique/.test(w) && /duplicates/.test(w)), JSON.stringify(s.running.app.sync));
  assert.is((await s.get('/api/tags?filters[name][$eq]=twin', token)).body.data.length, 2, 'old rows kept');
  const single = await s.request('POST', '/api/tags', { body: { data: { name: 'single' } }, token });
  assert.is(single.status, 200, 'not enforced while the duplicates are there');
  // the duplicates go away
  const db = knexOf(s);
  const dupes = await db('tags').whereIn('name', ['twin', 'single']).orderBy('id').select('id', 'name');
  const seen = new Set<string>();
  for (const row of dupes) {
    if (seen.has(row.name)) await db('tags').where('id', row.id).del();
    seen.add(row.name);
  }
  await s.stop();

  s = await startTestServer({ name: 'x', artifactsDir: strict, databaseUrl });
  assert.is(s.running.app.sync.warnings, undefined, JSON.stringify(s.running.app.sync));
  assert.ok(s.running.app.sync.changes.some((c) => c.kind === 'add-index' && /tags_name_unique/.test(c.detail) && /unique/.test(c.detail)), JSON.stringify(s.running.app.sync));
  const results = await Promise.all(Array.from({ length: 20 }, () => s.request('POST', '/api/tags', { body: { data: { name: 'fresh' } }, token })));
  assert.is(results.filter((r) => r.status === 200).length, 1, results.map((r) => r.status).join(','));
  for (const r of results.filter((x) => x.status !== 200)) assert.is(r.body.error.message, 'This attribute must be unique', r.text);
  assert.is((await s.request('POST', '/api/tags', { body: { data: { name: 'twin' } }, token })).status, 400);
  await s.stop();

  // and a restart with nothing to do changes nothing
  s = await startTestServer({ name: 'x', artifactsDir: strict, databaseUrl });
  assert.equal(s.running.app.sync.changes, []);
  await s.stop();
});

test.run();
