/**
 * security: relation operations that cannot mean anything are a 400 ValidationError and write no
 * link: a `position.before`/`after` naming an entry that is not in the relation (to-many and to-one),
 * `set` with `connect` or `disconnect`, an id given twice, several ids where GraphQL takes one; in
 * components and dynamic-zone items too. Disconnecting an id that is not linked changes nothing.
 * Over REST and GraphQL on the dialect under test; the link tables are counted in the database.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql } from '../helpers/graphql.js';
import { editJson } from '../helpers/spec-dir.js';
import type { TestResponse, TestServer } from '../helpers/server.js';
import { exampleArtifacts } from '../integration/users/users-fixture.js';
import { knexOf, startSecureServer } from './harness.js';

let s: TestServer;
let admin: string;
let linkTables: string[];
let tags: number[];
let authors: number[];

/** a to-one and a to-many relation to tags in a component (seo) and a zone item (quote) */
const TAG_RELATIONS = { tag: { type: 'relation', relation: 'oneToOne', target: 'api::tag.tag' }, tags: { type: 'relation', relation: 'oneToMany', target: 'api::tag.tag' } };

test.before(async () => {
  const artifacts = await exampleArtifacts((spec) => {
    for (const file of ['components/shared/seo.json', 'components/content/quote.json']) editJson(spec, file, (c) => Object.assign(c.attributes, TAG_RELATIONS));
  });
  const model = JSON.parse(readFileSync(join(artifacts, 'model.json'), 'utf8'));
  linkTables = [];
  for (const schema of [...Object.values(model.contentTypes), ...Object.values(model.components)] as { attributes: Record<string, { joinTable?: { name: string } }> }[]) {
    for (const attr of Object.values(schema.attributes)) if (attr.joinTable?.name && !linkTables.includes(attr.joinTable.name)) linkTables.push(attr.joinTable.name);
  }
  s = await startSecureServer({ name: 'sec-relation-operations', artifactsDir: artifacts, env: { AUTH_RATE_LIMIT_MAX: '0' } });
  admin = await s.token('full-access');
  tags = [];
  for (let i = 0; i < 4; i++) tags.push((await s.request('POST', '/api/tags', { body: { data: { name: `op-tag-${i}` } }, token: admin })).body.data.id);
  authors = [];
  for (let i = 0; i < 3; i++) authors.push((await s.request('POST', '/api/authors', { body: { data: { name: `op-author-${i}`, email: `op${i}@example.com` } }, token: admin })).body.data.id);
});
test.after(async () => s.stop());

/** every link row of every relation, as `table:owner>target` strings */
async function links(): Promise<string[]> {
  const out: string[] = [];
  const db = knexOf(s);
  for (const table of linkTables) for (const row of await db(table).select('*')) out.push(`${table}:${JSON.stringify(Object.values(row).slice(1))}`);
  return out.sort();
}

function assertRefused(r: TestResponse, message: string | RegExp, path: string[], label: string): void {
  assert.is(r.status, 400, `${label}: ${r.text}`);
  assert.is(r.body.error.name, 'ValidationError', label);
  if (typeof message === 'string') assert.is(r.body.error.message, message, label);
  else assert.match(r.body.error.message, message, label);
  assert.equal(r.body.error.details.errors[0].path, path, label);
}

const anchorMessage = (id: number, position: Record<string, number>, anchor: number) =>
  `There was a problem connecting relation with id ${id} at position ${JSON.stringify(position)}. The relation with id ${anchor} needs to be connected first.`;

async function article(data: Record<string, unknown>): Promise<number> {
  const r = await s.request('POST', '/api/articles', { body: { data: { title: 'Relation operations', ...data } }, token: admin });
  assert.is(r.status, 200, r.text);
  return r.body.data.id;
}

const put = (id: number, data: Record<string, unknown>) => s.request('PUT', `/api/articles/${id}`, { body: { data }, token: admin });

test('position.before/after naming an entry not in a to-many relation: 400, nothing linked', async () => {
  const [t0, t1, t2, t3] = tags;
  const a = await article({ tags: [t0, t1] });
  const before = await links();
  // t3 exists but is not linked; 999999 does not exist; t2 is the entry being connected
  for (const [position, anchor] of [[{ before: t3 }, t3], [{ after: 999999 }, 999999], [{ before: t2 }, t2]] as [Record<string, number>, number][]) {
    assertRefused(await put(a, { tags: { connect: [{ id: t2, position }] } }), anchorMessage(t2, position, anchor), ['tags'], JSON.stringify(position));
  }
  // an anchor disconnected by the same request is no longer in the relation
  assertRefused(await put(a, { tags: { disconnect: [t0], connect: [{ id: t2, position: { after: t0 } }] } }), anchorMessage(t2, { after: t0 }, t0), ['tags'], 'disconnected anchor');
  // on create, the relation holds only what the same request connected before
  const created = await s.request('POST', '/api/articles', { body: { data: { title: 'Created here', tags: { connect: [{ id: t2, position: { before: t0 } }] } } }, token: admin });
  assertRefused(created, anchorMessage(t2, { before: t0 }, t0), ['tags'], 'create');
  assert.equal(await links(), before, 'no link row written or removed');
  // an anchor that is in the relation works, one connected earlier in the list too
  assert.is((await put(a, { tags: { connect: [{ id: t2, position: { before: t1 } }, { id: t3, position: { after: t2 } }] } })).status, 200);
  const order = (await s.get(`/api/articles/${a}?populate=tags`, admin)).body.data.attributes.tags.data.map((t: { id: number }) => t.id);
  assert.equal(order, [t0, t2, t3, t1]);
});

test('position naming an entry not in a to-one relation: 400, the link unchanged', async () => {
  const [x, y, z] = authors;
  const a = await article({ author: x });
  const before = await links();
  assertRefused(await put(a, { author: { connect: [{ id: y, position: { before: z } }] } }), anchorMessage(y, { before: z }, z), ['author'], 'other entry');
  assertRefused(await put(a, { author: { connect: [{ id: y, position: { after: 999999 } }] } }), anchorMessage(y, { after: 999999 }, 999999), ['author'], 'missing entry');
  assertRefused(await put(a, { author: { disconnect: [x], connect: [{ id: y, position: { after: x } }] } }), anchorMessage(y, { after: x }, x), ['author'], 'disconnected anchor');
  const created = await s.request('POST', '/api/articles', { body: { data: { title: 'Created here', author: { connect: [{ id: y, position: { before: x } }] } } }, token: admin });
  assertRefused(created, anchorMessage(y, { before: x }, x), ['author'], 'create: the relation is empty');
  assert.equal(await links(), before, 'no link row written or removed');
  // start/end mean nothing more than "connect" on a to-one, and an anchor that is its entry is accepted
  assert.is((await put(a, { author: { connect: [{ id: y, position: { before: x } }] } })).status, 200);
  assert.is((await put(a, { author: { connect: [{ id: z, position: { end: true } }] } })).status, 200);
  assert.is((await s.get(`/api/articles/${a}?populate=author`, admin)).body.data.attributes.author.data.id, z);
  assert.is(Number((await knexOf(s)('articles_author_links').where('article_id', a).count({ n: '*' }))[0].n), 1, 'one link row');
});

test('set with connect or disconnect, and an id twice: 400, nothing linked', async () => {
  const [t0, t1] = tags;
  const a = await article({ tags: [t0], author: authors[0] });
  const before = await links();
  for (const value of [{ set: [t1], connect: [t0] }, { set: [t1], disconnect: [t0] }, { set: [], connect: [], disconnect: [] }]) {
    assertRefused(await put(a, { tags: value }), 'tags cannot combine set with connect or disconnect', ['tags'], JSON.stringify(value));
  }
  assertRefused(await put(a, { author: { set: [authors[1]], connect: [authors[2]] } }), 'author cannot combine set with connect or disconnect', ['author'], 'to-one');
  assertRefused(await put(a, { tags: { connect: [t1, { id: t1, position: { start: true } }] } }), /more than once/, ['tags'], 'twice');
  assert.equal(await links(), before);
});

test('disconnecting an id that is not linked (or does not exist) changes nothing', async () => {
  const [t0, t1, t2] = tags;
  const a = await article({ tags: [t0, t1], author: authors[0] });
  const before = await links();
  for (const data of [{ tags: { disconnect: [t2] } }, { tags: { disconnect: [999999] } }, { author: { disconnect: [authors[1]] } }, { author: { disconnect: [{ id: 999999 }] } }]) {
    const r = await put(a, data);
    assert.is(r.status, 200, `${JSON.stringify(data)}: ${r.text}`);
  }
  assert.equal(await links(), before);
});

test('inside a component and a dynamic-zone item: the same refusals, at the attribute path, nothing linked', async () => {
  const [t0, t1, t2] = tags;
  const a = await article({ seo: { metaTitle: 'seo', tag: t0, tags: [t0] }, blocks: [{ __component: 'content.quote', text: 'q', tag: t0, tags: [t0] }] });
  const stored = (await s.get(`/api/articles/${a}?populate[seo]=true&populate[blocks]=true`, admin)).body.data.attributes;
  const seo = { id: stored.seo.id, metaTitle: 'seo' };
  const quote = { __component: 'content.quote', id: stored.blocks[0].id, text: 'q' };
  const before = await links();
  const cases: [Record<string, unknown>, string | RegExp, string[]][] = [
    [{ seo: { ...seo, tags: { connect: [{ id: t1, position: { before: t2 } }] } } }, anchorMessage(t1, { before: t2 }, t2), ['seo', 'tags']],
    [{ seo: { ...seo, tag: { connect: [{ id: t1, position: { after: t2 } }] } } }, anchorMessage(t1, { after: t2 }, t2), ['seo', 'tag']],
    [{ seo: { ...seo, tags: { set: [t1], connect: [t2] } } }, 'seo.tags cannot combine set with connect or disconnect', ['seo', 'tags']],
    [{ blocks: [{ ...quote, tags: { connect: [{ id: t1, position: { after: 999999 } }] } }] }, anchorMessage(t1, { after: 999999 }, 999999), ['blocks', '0', 'tags']],
    [{ blocks: [{ ...quote, tag: { connect: [{ id: t1, position: { before: t2 } }] } }] }, anchorMessage(t1, { before: t2 }, t2), ['blocks', '0', 'tag']],
    [{ blocks: [{ ...quote, tags: { set: [t1], disconnect: [t0] } }] }, 'blocks[0].tags cannot combine set with connect or disconnect', ['blocks', '0', 'tags']],
  ];
  for (const [data, message, path] of cases) assertRefused(await put(a, data), message, path, JSON.stringify(data));
  assert.equal(await links(), before, 'no link row written or removed');
  const ok = await put(a, { seo: { ...seo, tags: { disconnect: [t2] } }, blocks: [{ ...quote, tag: { disconnect: [t2] } }] });
  assert.is(ok.status, 200, ok.text);
});

test('GraphQL: several ids for a to-one relation, an id twice, an entry that does not exist: refused, nothing linked', async () => {
  const [t0, t1] = tags;
  const a = await article({ tags: [t0], author: authors[0] });
  const before = await links();
  const several = await gql(s, `mutation { updateArticle(id: "${a}", data: { author: ["${authors[1]}", "${authors[2]}"] }) { data { id } } }`, { token: admin });
  assert.ok(several.body.errors?.length, several.text);
  const viaVariables = await gql(s, 'mutation($d: ArticleInput!) { updateArticle(id: "' + a + '", data: $d) { data { id } } }', { token: admin, variables: { d: { author: [String(authors[1]), String(authors[2])] } } });
  assert.ok(viaVariables.body.errors?.length, viaVariables.text);
  const twice = await gql(s, `mutation { updateArticle(id: "${a}", data: { tags: ["${t1}", "${t1}"] }) { data { id } } }`, { token: admin });
  assert.match(twice.body.errors[0].extensions.error.message, /more than once/);
  const nested = await gql(s, `mutation { updateArticle(id: "${a}", data: { seo: { metaTitle: "m", tags: ["${t1}", "999999"] } }) { data { id } } }`, { token: admin });
  assert.is(nested.body.errors[0].extensions.error.message, '1 relation(s) of type api::tag.tag associated with this entity do not exist');
  assert.equal(nested.body.errors[0].extensions.error.details.errors[0].path, ['seo', 'tags']);
  assert.equal(await links(), before, 'no link row written or removed');
});

test.run();
