/**
 * integration: components and dynamic zones over REST on the dialect under test. Single, repeatable
 * and nested components and mixed dynamic zones are owned by their entry: an item sent with its id
 * is updated in place (partially), one without is created, items left out are removed, with what
 * they own. Deleting the entry leaves no component row, link row or media link (checked in the tables).
 */
import type { Knex } from 'knex';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { KnexRepository } from '../../../engine/repository/knex-repository.js';
import { createFile, postEntry } from '../../helpers/seed-content.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;
let knex: Knex;

const COMPONENT_TABLES = [
  'components_shared_seos', 'components_shared_open_graphs', 'components_content_sources', 'components_content_rich_texts',
  'components_content_quotes', 'components_content_media_blocks', 'components_content_link_lists', 'components_shared_links',
  'components_shared_heroes', 'components_shared_social_links',
];
const LINK_TABLES = ['articles_components', 'components_shared_seos_components', 'components_content_link_lists_components', 'homepages_components', 'components_shared_heroes_components'];
const DEEP = 'populate[seo][populate]=*&populate[sources]=true&populate[blocks][populate]=*';

test.before(async () => {
  s = await startTestServer({ name: 'rest-components' });
  admin = await s.token('full-access');
  knex = (s.running.app.repo as KnexRepository).knex;
});
test.after(async () => s.stop());

const put = (path: string, data: unknown) => s.request('PUT', path, { body: { data }, token: admin });

async function putOk(path: string, data: unknown): Promise<any> {
  const r = await put(path, data);
  assert.is(r.status, 200, `PUT ${path}: ${r.text}`);
  return r.body.data.attributes;
}

async function read(id: number, query = DEEP): Promise<any> {
  const r = await s.get(`/api/articles/${id}?${query}`, admin);
  assert.is(r.status, 200, r.text);
  return r.body.data.attributes;
}

async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of [...COMPONENT_TABLES, ...LINK_TABLES, 'files_related_morphs']) out[t] = Number((await knex(t).count({ c: '*' }))[0].c);
  return out;
}

test('single, repeatable, nested components and a mixed dynamic zone come back inline, in order, with ids and __component', async () => {
  const file = await createFile(s, 'components-1.png');
  const id = await postEntry(s, admin, '/api/articles', {
    title: 'Components',
    seo: { metaTitle: 'Meta', noIndex: true, metaImage: file, openGraph: { title: 'OG', description: 'deep' } },
    sources: [{ title: 'First', url: 'https://a.example' }, { title: 'Second', accessedOn: '2024-05-01' }],
    blocks: [
      { __component: 'content.quote', text: 'Quoted', attribution: 'Me' },
      { __component: 'content.link-list', heading: 'Read more', links: [{ label: 'A', url: '/a' }, { label: 'B', url: '/b', newTab: true }] },
      { __component: 'content.rich-text', body: 'Rich' },
      { __component: 'content.media-block', file, caption: 'Pic' },
      { __component: 'content.quote', text: 'Again' },
    ],
  });
  const a = await read(id);
  assert.equal(Object.keys(a.seo).sort(), ['id', 'metaDescription', 'metaImage', 'metaTitle', 'noIndex', 'openGraph']);
  assert.type(a.seo.id, 'number');
  assert.is(a.seo.metaTitle, 'Meta');
  assert.is(a.seo.noIndex, true);
  assert.equal(a.seo.openGraph, { id: a.seo.openGraph.id, title: 'OG', description: 'deep' }, 'nested component inline, its own media not populated');
  assert.is(a.seo.metaImage.data.id, file);
  assert.equal(a.sources.map((x: any) => [x.title, x.url, x.accessedOn]), [['First', 'https://a.example', null], ['Second', null, '2024-05-01']]);
  assert.ok(a.sources.every((x: any) => typeof x.id === 'number'));
  assert.equal(a.blocks.map((b: any) => b.__component), ['content.quote', 'content.link-list', 'content.rich-text', 'content.media-block', 'content.quote']);
  assert.equal(a.blocks[0], { id: a.blocks[0].id, text: 'Quoted', attribution: 'Me', __component: 'content.quote' });
  assert.equal(a.blocks[1].links.map((l: any) => [l.label, l.newTab]), [['A', false], ['B', true]]);
  assert.is(a.blocks[3].file.data.id, file);
  assert.is(a.blocks[3].file.data.attributes.url, '/uploads/components-1.png');
  assert.is.not(a.blocks[0].id, a.blocks[4].id);
  // without populate, none of them is returned
  const plain = (await s.get(`/api/articles/${id}`, admin)).body.data.attributes;
  for (const k of ['seo', 'sources', 'blocks']) assert.not.ok(k in plain, k);
});

test('update: an item with its id is updated in place (partially), without one it is created, left out it is removed', async () => {
  const id = await postEntry(s, admin, '/api/articles', {
    title: 'Owned',
    seo: { metaTitle: 'Before', noIndex: true, openGraph: { title: 'OG before' } },
    sources: [{ title: 'S1' }, { title: 'S2' }, { title: 'S3', url: 'https://s3.example' }],
    blocks: [{ __component: 'content.quote', text: 'Q1' }, { __component: 'content.link-list', heading: 'L', links: [{ label: 'a', url: '/a' }, { label: 'b', url: '/b' }] }],
  });
  const before = await read(id);
  const [s1, , s3] = before.sources;
  const list = before.blocks[1];
  const after = await putOk(`/api/articles/${id}?${DEEP}`, {
    seo: { id: before.seo.id, metaTitle: 'After', openGraph: { id: before.seo.openGraph.id, description: 'added' } },
    sources: [{ id: s3.id, title: 'S3 renamed' }, { title: 'S4' }, { id: s1.id }],
    blocks: [
      { __component: 'content.link-list', id: list.id, links: [{ id: list.links[1].id, label: 'b2' }, { label: 'c', url: '/c' }] },
      { __component: 'content.rich-text', body: 'New' },
    ],
  });
  assert.is(after.seo.id, before.seo.id, 'same seo row');
  assert.is(after.seo.metaTitle, 'After');
  assert.is(after.seo.noIndex, true, 'fields not sent are kept (no default re-applied)');
  assert.equal(after.seo.openGraph, { id: before.seo.openGraph.id, title: 'OG before', description: 'added' });
  assert.equal(after.sources.map((x: any) => [x.id === s3.id, x.id === s1.id, x.title, x.url]), [
    [true, false, 'S3 renamed', 'https://s3.example'], [false, false, 'S4', null], [false, true, 'S1', null],
  ]);
  assert.equal(after.blocks.map((b: any) => b.__component), ['content.link-list', 'content.rich-text']);
  assert.is(after.blocks[0].id, list.id);
  assert.is(after.blocks[0].heading, 'L');
  assert.equal(after.blocks[0].links.map((l: any) => [l.label, l.url]), [['b2', '/b'], ['c', '/c']]);
  assert.is(after.blocks[0].links[0].id, list.links[1].id);
  assert.equal(await read(id), after, 'what PUT answered is what is stored');
  // the removed S2, Q1 and link "a" rows are gone
  assert.is(Number((await knex('components_content_sources').where('title', 'S2').count({ c: '*' }))[0].c), 0);
  assert.is(Number((await knex('components_content_quotes').where('text', 'Q1').count({ c: '*' }))[0].c), 0);
  assert.is(Number((await knex('components_shared_links').where('label', 'a').count({ c: '*' }))[0].c), 0);
  // a single component sent without id replaces the old one (and what it owned); null clears
  const replaced = await putOk(`/api/articles/${id}?${DEEP}`, { seo: { metaTitle: 'Fresh' } });
  assert.is.not(replaced.seo.id, before.seo.id);
  assert.is(replaced.seo.openGraph, null);
  assert.is(Number((await knex('components_shared_seos').where('id', before.seo.id).count({ c: '*' }))[0].c), 0);
  assert.is(Number((await knex('components_shared_open_graphs').where('id', before.seo.openGraph.id).count({ c: '*' }))[0].c), 0);
  const cleared = await putOk(`/api/articles/${id}?${DEEP}`, { seo: null, sources: [], blocks: null });
  assert.is(cleared.seo, null);
  assert.equal(cleared.sources, []);
  assert.equal(cleared.blocks, []);
  // attributes not sent are untouched
  const untouched = await putOk(`/api/articles/${id}?${DEEP}`, { title: 'Owned again' });
  assert.is(untouched.seo, null);
});

test('component ids that belong elsewhere, to another component type or twice, and bad items are 400s and change nothing', async () => {
  const mine = await postEntry(s, admin, '/api/articles', { title: 'Mine', sources: [{ title: 'Mine 1' }], blocks: [{ __component: 'content.quote', text: 'Mine' }] });
  const theirs = await postEntry(s, admin, '/api/articles', { title: 'Theirs', sources: [{ title: 'Theirs 1' }] });
  const mineNow = await read(mine);
  const theirSource = (await read(theirs)).sources[0];
  const zone = 'content.rich-text, content.quote, content.media-block, content.link-list';
  const notRelated = (attr: string) => ({ status: 400, name: 'ApplicationError', message: `Some of the provided components in ${attr} are not related to the entity`, details: {} });
  const invalid = (path: string[], message: string) => ({ status: 400, name: 'ValidationError', message, details: { errors: [{ path, message, name: 'ValidationError' }] } });
  const attempts: [unknown, unknown][] = [
    // Strapi's ApplicationError for a component id the entry does not own
    [{ sources: [{ id: theirSource.id, title: 'stolen' }] }, notRelated('sources')],
    [{ sources: [{ id: mineNow.sources[0].id }, { id: mineNow.sources[0].id }] }, notRelated('sources')],
    [{ blocks: [{ __component: 'content.rich-text', id: mineNow.blocks[0].id, body: 'wrong type' }] }, notRelated('blocks')],
    [{ blocks: [{ __component: 'shared.link', label: 'x', url: '/x' }] }, invalid(['blocks', '0', '__component'], `blocks[0].__component must be one of the following values: ${zone}`)],
    [{ blocks: [{ text: 'no __component' }] }, invalid(['blocks', '0', '__component'], 'blocks[0].__component is a required field')],
    [{ sources: [{ title: 'new but' }, { url: 'missing its required title' }] }, invalid(['sources', '1', 'title'], 'sources[1].title must be defined.')],
    [{ seo: { metaDescription: 'a new seo needs metaTitle' } }, invalid(['seo', 'metaTitle'], 'seo.metaTitle must be defined.')],
  ];
  for (const [data, error] of attempts) {
    const r = await put(`/api/articles/${mine}`, data);
    assert.is(r.status, 400, `${JSON.stringify(data)}: ${r.text}`);
    assert.equal(r.body, { data: null, error }, JSON.stringify(data));
  }
  assert.equal(await read(mine), mineNow, 'nothing changed');
  assert.is((await read(theirs)).sources[0].title, 'Theirs 1');
});

test('single type: nested components of the homepage are created, updated by id and read back', async () => {
  const q = 'populate[hero][populate]=*&populate[seo]=true';
  const r = await s.request('PUT', `/api/homepage?${q}`, { body: { data: { title: 'Home', hero: { heading: 'Hi', cta: { label: 'Go', url: '/go' } }, seo: { metaTitle: 'Home' } } }, token: admin });
  assert.is(r.status, 200, r.text);
  const hero = r.body.data.attributes.hero;
  assert.equal(hero, { id: hero.id, heading: 'Hi', subheading: null, image: { data: null }, cta: { id: hero.cta.id, label: 'Go', url: '/go', newTab: false } });
  const again = await s.request('PUT', `/api/homepage?${q}`, { body: { data: { hero: { id: hero.id, cta: { id: hero.cta.id, newTab: true } } } }, token: admin });
  assert.is(again.status, 200, again.text);
  assert.equal(again.body.data.attributes.hero, { ...hero, cta: { ...hero.cta, newTab: true } });
  assert.equal((await s.get(`/api/homepage?${q}`, admin)).body.data.attributes.hero, again.body.data.attributes.hero);
});

test('deleting entries removes their components, nested components, links and media links: no orphans', async () => {
  const empty = await rowCounts();
  const file = await createFile(s, 'orphans.png');
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    ids.push(await postEntry(s, admin, '/api/articles', {
      title: `Orphan ${i}`,
      seo: { metaTitle: 'm', metaImage: file, openGraph: { title: 'og', image: file } },
      sources: [{ title: 'a' }, { title: 'b' }],
      blocks: [
        { __component: 'content.link-list', links: [{ label: 'x', url: '/x' }] },
        { __component: 'content.media-block', file },
        { __component: 'content.quote', text: 'q' },
        { __component: 'content.rich-text', body: 'r' },
      ],
    }));
  }
  const author = await postEntry(s, admin, '/api/authors', { name: 'Social', email: 'social@example.com', avatar: file, socialLinks: [{ platform: 'github', url: 'x' }] });
  const full = await rowCounts();
  assert.is(full.components_content_link_lists - empty.components_content_link_lists, 3);
  assert.is(full.files_related_morphs - empty.files_related_morphs, 10, 'seo, open graph and media block per article, plus the avatar');
  for (const id of ids) assert.is((await s.request('DELETE', `/api/articles/${id}`, { token: admin })).status, 200);
  assert.is((await s.request('DELETE', `/api/authors/${author}`, { token: admin })).status, 200);
  assert.equal(await rowCounts(), empty, 'every component, link and media link row is gone');
  assert.is(Number((await knex('files').where('id', file).count({ c: '*' }))[0].c), 1, 'the file itself stays');
});

test.run();
