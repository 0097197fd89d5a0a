/**
 * integration: `populate=deep[,depth]` over REST, as strapi-plugin-populate-deep answers it, on the
 * dialect under test: on (POPULATE_DEEP=true here; a project enables it by installing or configuring
 * the plugin), every relation, media, component and zone comes back down to the depth (default 5); off
 * (the plugin absent), `deep` is an unknown name and nothing is populated, as Strapi ignores it. The
 * statements a deep read sends depend on its populate tree, not on the page size.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { requestStatements, seedFullArticles, seedShared } from '../../helpers/seed-content.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let on: TestServer;
let off: TestServer;
let ids: number[];
let offIds: number[];

test.before(async () => {
  on = await startTestServer({ name: 'rest-populate-deep', env: { POPULATE_DEEP: 'true' } });
  off = await startTestServer({ name: 'rest-populate-deep-off' });
  const tokenOn = await on.token('full-access');
  ids = await seedFullArticles(on, tokenOn, 4, await seedShared(on, tokenOn, 'deep'));
  const tokenOff = await off.token('full-access');
  offIds = await seedFullArticles(off, tokenOff, 1, await seedShared(off, tokenOff, 'deep'));
});
test.after(async () => {
  await on.stop();
  await off.stop();
});

test('populate=deep,2: every relation, media, component and zone one level', async () => {
  const r = await on.get(`/api/articles/${ids[0]}?populate=deep,2`, await on.token('full-access'));
  assert.is(r.status, 200, r.text);
  const a = r.body.data.attributes;
  for (const name of ['cover', 'author', 'category', 'tags', 'seo', 'sources', 'blocks']) assert.ok(name in a, name);
  assert.ok(a.author.data.attributes.name, 'the author, one level');
  assert.not.ok('articles' in a.author.data.attributes, 'not deeper than asked');
  assert.not.ok('metaImage' in a.seo, 'the component one level: its media not populated');
});

test('populate=deep (default depth 5): nested components and the relations of related entries', async () => {
  const r = await on.get(`/api/articles/${ids[0]}?populate=deep`, await on.token('full-access'));
  assert.is(r.status, 200, r.text);
  const a = r.body.data.attributes;
  assert.ok('metaImage' in a.seo && 'openGraph' in a.seo, 'the component\'s media and nested component');
  assert.ok('avatar' in a.author.data.attributes, 'the author\'s own media');
});

test('the plugin off: populate=deep populates nothing, as Strapi ignores an unknown name', async () => {
  const r = await off.get(`/api/articles/${offIds[0]}?populate=deep`, await off.token('full-access'));
  assert.is(r.status, 200, r.text);
  for (const name of ['author', 'tags', 'seo', 'blocks']) assert.not.ok(name in r.body.data.attributes, name);
});

test('a deep list read sends as many statements for 1 entry as for 4 (one query per populated attribute per level)', async () => {
  const token = await on.token('full-access');
  const count = async (size: number) => {
    on.queries.length = 0;
    assert.is((await on.get(`/api/articles?populate=deep,3&pagination[pageSize]=${size}&sort=id`, token)).status, 200);
    return requestStatements(on.queries).length;
  };
  assert.is(await count(4), await count(1));
});

test.run();
