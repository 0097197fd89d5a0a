/**
 * repository integration: relation, component, dynamic-zone and media writes (order columns,
 * positions, moves on oneToOne, validation with rollback) and populate (shapes, nested levels,
 * drafts hidden when live, per-owner pages, one query per populated attribute per level).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PopulateTree, WriteData } from '../../../engine/plan/types.js';
import { ARTICLE, AUTHOR, cmp, create, DIALECT, findPlan, ids, openFixture, PROFILE, rejection, TAG, type Fixture } from './fixture.js';

let f: Fixture;
const id: Record<string, number> = {};

const write = (over: Partial<WriteData>): WriteData => ({ scalars: {}, relations: {}, media: {}, components: {}, dynamicZones: {}, ...over });
const one = (uid: string, entry: number, populate: PopulateTree, publicationState: 'live' | 'preview' = 'preview') =>
  f.repo.findOne({ kind: 'findOne', uid, id: entry, populate, publicationState }) as Promise<any>;

test.before(async () => {
  f = await openFixture('populate-writes');
  id.ann = await create(f.repo, AUTHOR, { name: 'Ann' });
  id.bob = await create(f.repo, AUTHOR, { name: 'Bob' });
  for (const t of ['t1', 't2', 't3']) id[t] = await create(f.repo, TAG, { name: t });
  id.p1 = await create(f.repo, PROFILE, { headline: 'P1' });
  for (const name of ['f1', 'f2']) {
    const [r] = await f.knex('files').insert({ name: `${name}.png`, mime: 'image/png', url: `/uploads/${name}.png` }).returning('id');
    id[name] = Number((r as any).id ?? r);
  }
  id.article = await f.repo.create({
    kind: 'create', uid: ARTICLE, publishedAt: '2024-01-01T00:00:00Z',
    data: write({
      scalars: { title: 'Full' },
      relations: { author: { kind: 'connect', connect: [{ id: id.ann }], disconnect: [] }, tags: { kind: 'set', ids: [id.t2, id.t1] } },
      components: {
        seo: { data: write({ scalars: { metaTitle: 'SEO' }, components: { openGraph: { data: write({ scalars: { title: 'OG' } }) } }, media: { metaImage: [id.f2] } }) },
        sources: [{ data: write({ scalars: { title: 's1' } }) }, { data: write({ scalars: { title: 's2', accessedOn: '2024-02-03' } }) }],
      },
      dynamicZones: {
        blocks: [
          { component: 'content.quote', data: write({ scalars: { text: 'Quote', attribution: 'Someone' } }) },
          { component: 'content.rich-text', data: write({ scalars: { body: '**b**' } }) },
        ],
      },
      media: { cover: [id.f1], gallery: [id.f2, id.f1] },
    }),
  });
});

test.after(() => f.close());

test(`[${DIALECT}] populate returns relations, components, dynamic zones and media in order`, async () => {
  const e = await one(ARTICLE, id.article, {
    author: { fields: ['name'] }, tags: { fields: ['name'] },
    seo: { populate: { openGraph: {}, metaImage: { fields: ['name'] } } }, sources: {},
    blocks: {}, cover: { fields: ['name', 'url'] }, gallery: { fields: ['name'] },
  });
  assert.equal(e.author, { id: id.ann, name: 'Ann' });
  assert.equal(e.tags, [{ id: id.t2, name: 't2' }, { id: id.t1, name: 't1' }]);
  assert.equal(e.seo, { id: e.seo.id, metaTitle: 'SEO', metaDescription: null, noIndex: null, openGraph: { id: e.seo.openGraph.id, title: 'OG', description: null }, metaImage: { id: id.f2, name: 'f2.png' } });
  assert.equal(e.sources.map((s: any) => [s.title, s.accessedOn]), [['s1', null], ['s2', '2024-02-03']]);
  assert.equal(e.blocks.map((b: any) => [b.__component, b.text ?? b.body]), [['content.quote', 'Quote'], ['content.rich-text', '**b**']]);
  assert.equal(Object.keys(e.blocks[0]), ['id', '__component', 'text', 'attribution']);
  assert.equal(e.cover, { id: id.f1, name: 'f1.png', url: '/uploads/f1.png' });
  assert.equal(e.gallery, [{ id: id.f2, name: 'f2.png' }, { id: id.f1, name: 'f1.png' }]);
  const empty = await one(AUTHOR, id.bob, { articles: {}, profile: {}, avatar: {}, socialLinks: {} });
  assert.equal([empty.articles, empty.profile, empty.avatar, empty.socialLinks], [[], null, null, []]);
});

test(`[${DIALECT}] populate is batched: one query per populated attribute per level`, async () => {
  for (const n of [1, 2, 3]) {
    await f.repo.create({ kind: 'create', uid: ARTICLE, data: write({ scalars: { title: `batch ${n}` }, relations: { author: { kind: 'set', ids: [n % 2 ? id.ann : id.bob] }, tags: { kind: 'set', ids: [id.t1, id.t3] } } }) });
  }
  f.queries.length = 0;
  const r = await f.repo.find(findPlan(ARTICLE, {
    where: cmp('title', '$startsWith', 'batch'),
    populate: { author: { populate: { articles: { fields: ['title'] } } }, tags: {}, seo: {}, blocks: {}, cover: {} },
  }));
  assert.is(r.entries.length, 3);
  assert.is(f.queries.length, 1 + 5 + 1, f.queries.join('\n'));
  assert.equal(r.entries.map((e: any) => e.tags.map((t: any) => t.name)), [['t1', 't3'], ['t1', 't3'], ['t1', 't3']]);
  assert.equal((r.entries[1].author as any).name, 'Bob');
  assert.equal((r.entries[1].author as any).articles.map((a: any) => a.title), ['batch 2']);
});

test(`[${DIALECT}] connect with positions, disconnect, set [] and component/media replacement`, async () => {
  const before = await one(ARTICLE, id.article, { sources: {}, seo: {} });
  const [s1, s2] = before.sources;
  await f.repo.update({
    kind: 'update', uid: ARTICLE, id: id.article,
    data: write({
      relations: {
        tags: { kind: 'connect', connect: [{ id: id.t3, position: { start: true } }], disconnect: [id.t2] },
        author: { kind: 'set', ids: [] },
      },
      components: {
        seo: { id: before.seo.id, data: write({ scalars: { metaTitle: 'SEO 2' } }) },
        sources: [{ id: s2.id, data: write({}) }, { data: write({ scalars: { title: 's3' } }) }],
      },
      dynamicZones: { blocks: [] },
      media: { cover: [] },
    }),
  });
  const e = await one(ARTICLE, id.article, { tags: { fields: ['name'] }, author: {}, seo: {}, sources: { fields: ['title'] }, blocks: {}, cover: {} });
  assert.equal(e.tags.map((t: any) => t.name), ['t3', 't1']);
  assert.is(e.author, null);
  assert.equal([e.seo.id, e.seo.metaTitle], [before.seo.id, 'SEO 2']);
  assert.equal(e.sources.map((s: any) => s.title), ['s2', 's3']);
  assert.is(e.sources[0].id, s2.id);
  assert.equal(e.blocks, []);
  assert.is(e.cover, null);
  assert.is(Number((await f.knex('components_content_sources').where('id', s1.id).count({ n: '*' }))[0].n), 0, 'dropped component deleted');
  assert.is(Number((await f.knex('components_content_quotes').count({ n: '*' }))[0].n), 0, 'dynamic-zone components deleted');
  // positions: after / before an existing link
  await f.repo.update({ kind: 'update', uid: ARTICLE, id: id.article, data: write({ relations: { tags: { kind: 'connect', connect: [{ id: id.t2, position: { after: id.t3 } }], disconnect: [] } } }) });
  assert.equal((await one(ARTICLE, id.article, { tags: { fields: ['name'] } })).tags.map((t: any) => t.name), ['t3', 't2', 't1']);
  await f.repo.update({ kind: 'update', uid: ARTICLE, id: id.article, data: write({ relations: { tags: { kind: 'connect', connect: [{ id: id.t1, position: { before: id.t3 } }], disconnect: [] } } }) });
  assert.equal((await one(ARTICLE, id.article, { tags: { fields: ['name'] } })).tags.map((t: any) => t.name), ['t1', 't3', 't2']);
});

test(`[${DIALECT}] the inverse side orders by its own column; live hides draft targets`, async () => {
  const draft = await f.repo.create({ kind: 'create', uid: ARTICLE, publishedAt: null, data: write({ scalars: { title: 'draft by Ann' }, relations: { author: { kind: 'set', ids: [id.ann] } } }) });
  const preview = await one(AUTHOR, id.ann, { articles: { fields: ['title'] } });
  assert.equal(preview.articles.map((a: any) => a.title), ['batch 1', 'batch 3', 'draft by Ann']);
  const live = await one(AUTHOR, id.ann, { articles: { fields: ['title'] } }, 'live');
  assert.equal(live.articles.map((a: any) => a.title), []);
  // from the author's side: connecting moves the article away from its previous author (manyToOne)
  await f.repo.update({ kind: 'update', uid: AUTHOR, id: id.bob, data: write({ relations: { articles: { kind: 'connect', connect: [{ id: draft }], disconnect: [] } } }) });
  assert.equal((await one(ARTICLE, draft, { author: { fields: ['name'] } })).author, { id: id.bob, name: 'Bob' });
  assert.equal((await one(AUTHOR, id.ann, { articles: { fields: ['title'] } })).articles.map((a: any) => a.title), ['batch 1', 'batch 3']);
});

test(`[${DIALECT}] oneToOne: connecting a target another entry holds moves it`, async () => {
  await f.repo.update({ kind: 'update', uid: AUTHOR, id: id.ann, data: write({ relations: { profile: { kind: 'set', ids: [id.p1] } } }) });
  await f.repo.update({ kind: 'update', uid: AUTHOR, id: id.bob, data: write({ relations: { profile: { kind: 'connect', connect: [{ id: id.p1 }], disconnect: [] } } }) });
  assert.is((await one(AUTHOR, id.ann, { profile: {} })).profile, null);
  assert.is((await one(AUTHOR, id.bob, { profile: {} })).profile.id, id.p1);
  assert.is((await one(PROFILE, id.p1, { author: { fields: ['name'] } })).author.name, 'Bob');
});

test(`[${DIALECT}] per-owner pages, filters and sorts on populated relations`, async () => {
  const r = await f.repo.find(findPlan(ARTICLE, {
    where: cmp('title', '$startsWith', 'batch'),
    sort: [{ path: ['title'], direction: 'asc' }],
    populate: { tags: { fields: ['name'], sort: [{ path: ['name'], direction: 'desc' }], page: { style: 'offset', start: 0, limit: 1, withCount: false } } },
  }));
  assert.equal(r.entries.map((e: any) => e.tags.map((t: any) => t.name)), [['t3'], ['t3'], ['t3']]);
  const filtered = await one(ARTICLE, id.article, { tags: { fields: ['name'], where: cmp('name', '$ne', 't3') } });
  assert.equal(filtered.tags.map((t: any) => t.name), ['t1', 't2']);
});

test(`[${DIALECT}] bad relation and component input is a 400 and nothing is written`, async () => {
  const before = await ids(f.repo, ARTICLE);
  const missing = await rejection(f.repo.create({ kind: 'create', uid: ARTICLE, data: write({ scalars: { title: 'bad' }, relations: { tags: { kind: 'set', ids: [id.t1, 99999] } } }) }));
  assert.is(missing.name, 'ValidationError');
  assert.is(missing.message, `1 relation(s) of type ${TAG} associated with this entity do not exist`);
  assert.equal(await ids(f.repo, ARTICLE), before, 'rolled back');
  const twice = await rejection(f.repo.update({ kind: 'update', uid: ARTICLE, id: id.article, data: write({ relations: { tags: { kind: 'connect', connect: [{ id: id.t1 }, { id: id.t1 }], disconnect: [] } } }) }));
  assert.is(twice.name, 'ValidationError');
  const position = await rejection(f.repo.update({ kind: 'update', uid: ARTICLE, id: id.article, data: write({ relations: { tags: { kind: 'connect', connect: [{ id: id.t1, position: { before: 99999 } }], disconnect: [] } } }) }));
  assert.is(position.name, 'ValidationError');
  const foreign = await rejection(f.repo.update({ kind: 'update', uid: ARTICLE, id: id.article, data: write({ scalars: { title: 'changed?' }, components: { seo: { id: 99999, data: write({}) } } }) }));
  // Strapi's ApplicationError for a component id the entry does not own
  assert.is(foreign.name, 'ApplicationError');
  assert.is(foreign.message, 'Some of the provided components in seo are not related to the entity');
  assert.is((await one(ARTICLE, id.article, {})).title, 'Full', 'scalar change rolled back with it');
  const file = await rejection(f.repo.update({ kind: 'update', uid: ARTICLE, id: id.article, data: write({ media: { cover: [99999] } }) }));
  assert.is(file.name, 'ValidationError');
});

test.run();
