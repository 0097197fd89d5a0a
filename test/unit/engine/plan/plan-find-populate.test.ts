/**
 * unit, engine/plan: `populate` of planFind in every form of the contract ('*', arrays, comma strings,
 * flags, nested objects, dotted component paths, dynamic-zone shared and `on` strategies, fields /
 * filters / sort inside) -> PopulateTree. Unknown, private and unfindable targets are silently skipped.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { NormalizedModel } from '../../../../compiler/model/types.js';
import type { ReadOptions } from '../../../../engine/plan/plan-options.js';
import type { PopulateTree } from '../../../../engine/plan/types.js';
import { ARTICLE, AUTHOR, graphqlReader, model, publicReader } from '../example-model.js';
import { expectError, invalidParameter } from '../expect-error.js';
import { findPlan } from '../plan-reads.js';

function populate(query: string | Record<string, unknown>, uid = ARTICLE, options: ReadOptions = publicReader, m: NormalizedModel = model): PopulateTree {
  return findPlan(m, uid, query, options).populate;
}

const ARTICLE_STAR = {
  author: {}, blocks: {}, category: {}, cover: {}, coverOf: {}, gallery: {}, relatedArticles: {}, seo: {}, sources: {}, tags: {},
};

const CASES: [string, PopulateTree, string?][] = [
  ['', {}],
  ['populate=', {}],
  ['populate[0]=', {}],
  ['populate=*', ARTICLE_STAR, 'reviewer (users) is left out: the requester may not find users'],
  ['populate[0]=author', { author: {} }],
  ['populate=author', { author: {} }],
  ['populate=author,tags', { author: {}, tags: {} }],
  ['populate=author, tags,', { author: {}, tags: {} }],
  ['populate[0]=author&populate[1]=tags', { author: {}, tags: {} }],
  ['populate[author]=true', { author: {} }],
  ['populate[author]=t', { author: {} }],
  ['populate[author]=1', { author: {} }],
  ['populate[author]=*', { author: {} }],
  ['populate[author]=false&populate[tags]=f&populate[cover]=0', {}],
  ['populate[author]=true&populate[tags]=false', { author: {} }],
  ['populate[author][populate][0]=articles', { author: { populate: { articles: {} } } }],
  ['populate[author][populate]=articles,avatar', { author: { populate: { articles: {}, avatar: {} } } }],
  ['populate[author][populate][articles][populate][tags][populate][articles]=true', { author: { populate: { articles: { populate: { tags: { populate: { articles: {} } } } } } } }],
  ['populate[author][populate]=*', { author: { populate: { articles: {}, avatar: {}, profile: {}, socialLinks: {} } } }],
  ['populate=author.articles', { author: { populate: { articles: {} } } }, 'dotted paths work through relations too'],
  ['populate[0]=seo.metaImage', { seo: { populate: { metaImage: {} } } }],
  ['populate[0]=seo.openGraph.image', { seo: { populate: { openGraph: { populate: { image: {} } } } } }],
  [
    'populate[0]=seo&populate[1]=seo.metaImage&populate[2]=seo.openGraph.image',
    { seo: { populate: { metaImage: {}, openGraph: { populate: { image: {} } } } } },
    'requests for one attribute merge',
  ],
  ['populate=*,seo.metaImage', { ...ARTICLE_STAR, seo: { populate: { metaImage: {} } } }],
  ['populate[seo][populate]=*', { seo: { populate: { metaImage: {}, openGraph: {} } } }],
  ['populate[seo][fields][0]=metaTitle', { seo: { fields: ['metaTitle'] } }],
  ['populate[blocks]=true', { blocks: {} }],
  [
    'populate[blocks][populate]=*',
    { blocks: { on: { 'content.rich-text': {}, 'content.quote': {}, 'content.media-block': { populate: { file: {} } }, 'content.link-list': { populate: { links: {} } } } } },
    'shared strategy: one behaviour for every component',
  ],
  [
    'populate[blocks][populate][0]=file',
    { blocks: { on: { 'content.rich-text': {}, 'content.quote': {}, 'content.media-block': { populate: { file: {} } }, 'content.link-list': {} } } },
  ],
  ['populate[blocks][on][content.quote][fields][0]=text', { blocks: { on: { 'content.quote': { fields: ['text'] } } } }],
  ['populate[blocks][on][content.media-block][populate]=*', { blocks: { on: { 'content.media-block': { populate: { file: {} } } } } }],
  [
    'populate[blocks][on][content.link-list][populate][links][fields][0]=label&populate[blocks][on][content.quote]=true',
    { blocks: { on: { 'content.link-list': { populate: { links: { fields: ['label'] } } }, 'content.quote': {} } } },
  ],
  ['populate[blocks][on][content.quote]=false', { blocks: {} }],
  ['populate[blocks][on][content.nope][fields][0]=x', { blocks: {} }, 'components not in the zone are ignored'],
  ['populate[author][fields][0]=name', { author: { fields: ['name'] } }],
  ['populate[author][fields]=name', { author: { fields: ['name'] } }],
  ['populate[tags][filters][name][$eq]=x', { tags: { where: { kind: 'cmp', field: 'name', op: '$eq', value: 'x' } } }],
  ['populate[tags][sort][0]=name:desc', { tags: { sort: [{ path: ['name'], direction: 'desc' }] } }],
  [
    'populate[author][populate][articles][fields][0]=title&populate[author][populate][articles][sort]=title:desc&populate[author][populate][articles][filters][readingTime][$gt]=5',
    {
      author: {
        populate: {
          articles: { fields: ['title'], where: { kind: 'cmp', field: 'readingTime', op: '$gt', value: 5 }, sort: [{ path: ['title'], direction: 'desc' }] },
        },
      },
    },
  ],
  ['populate[cover][fields][0]=url&populate[cover][fields][1]=alternativeText', { cover: { fields: ['url', 'alternativeText'] } }],
  ['populate[gallery][sort]=name&populate[gallery][filters][mime][$startsWith]=image', {
    gallery: { where: { kind: 'cmp', field: 'mime', op: '$startsWith', value: 'image' }, sort: [{ path: ['name'], direction: 'asc' }] },
  }],
  [
    'populate[sources][fields][0]=title&populate[sources][filters][title]=x&populate[sources][sort]=title:desc',
    { sources: { fields: ['title'], where: { kind: 'cmp', field: 'title', op: '$eq', value: 'x' }, sort: [{ path: ['title'], direction: 'desc' }] } },
    'repeatable components are lists too',
  ],
  ['populate[seo][filters][metaTitle]=x&populate[seo][sort]=metaTitle', { seo: {} }, 'a single component takes fields and populate only'],
  ['populate[author][count]=true&populate[author][pagination][page]=2', { author: {} }, 'keys quire does not use are ignored'],
  ['populate[0]=nope', {}, 'unknown names are ignored, as Strapi does'],
  ['populate[nope][populate]=*', {}],
  ['populate=title,internalNotes', {}, 'scalars and private attributes are not populated'],
  ['populate[0]=reviewer', {}, 'relations to a type the requester may not find are skipped'],
  ['populate[seo][populate][0]=nope', { seo: {} }],
];

for (const [qs, expected, note] of CASES) {
  test(`populate: ${qs.slice(0, 90) || '(none)'}${note ? ` (${note})` : ''}`, () => {
    assert.equal(populate(qs), expected);
  });
}

test('populate=* on other types, and for a requester who may find everything', () => {
  assert.equal(populate('populate=*', AUTHOR), { articles: {}, avatar: {}, profile: {}, socialLinks: {} });
  assert.equal(populate('populate=*', 'api::homepage.homepage'), { featured: {}, hero: {}, seo: {} });
  assert.equal(populate('populate=*', ARTICLE, { canFind: () => true }), { ...ARTICLE_STAR, reviewer: {} });
  assert.equal(populate('populate=*', ARTICLE, { canFind: () => false }), { blocks: {}, cover: {}, gallery: {}, seo: {}, sources: {} }, 'media and components need no find permission');
});

test('populate: nested relations to types the requester may not find are skipped at every level', () => {
  const noArticles: ReadOptions = { canFind: (uid) => uid !== ARTICLE };
  assert.equal(populate('populate[author][populate][0]=articles&populate[author][populate][1]=profile', ARTICLE, noArticles), { author: { populate: { profile: {} } } });
});

test('populate: private relations are never populated', () => {
  const m = structuredClone(model);
  const attrs = m.contentTypes[ARTICLE].attributes as Record<string, unknown>;
  attrs.author = { ...attrs.author as object, private: true };
  assert.equal(populate('populate[0]=author&populate[1]=tags', ARTICLE, publicReader, m), { tags: {} });
  assert.not.ok('author' in populate('populate=*', ARTICLE, publicReader, m));
});

test('populate: any string but false / f / 0 populates one level, as Strapi casts it', () => {
  assert.equal(populate('populate[author]=yes&populate[tags]=f&populate[category]=0'), { author: {} });
  assert.equal(populate('populate[author]=metaSocial'), { author: {} });
});

const REFUSED: [string, string][] = [
  ['populate[author][fields][0]=payoutAccount', 'payoutAccount'],
  ['populate[author][fields]=name,bio', 'name,bio'],
  ['populate[author][filters][nope]=1', 'nope'],
  ['populate[tags][filters][name][$foo]=1', '$foo'],
  ['populate[author][sort]=articles.title', 'articles'],
  ['populate[seo][fields][0]=openGraph', 'openGraph'],
  ['populate[blocks][on][content.quote][fields][0]=nope', 'nope'],
  ['populate[author][populate][articles][fields][0]=internalNotes', 'internalNotes'],
];

for (const [qs, name] of REFUSED) {
  test(`populate refused: ${qs}`, () => {
    expectError(() => populate(qs), invalidParameter(name), qs);
  });
}

test('populate: hostile depth ends in a 400 (dotted strings and objects alike)', () => {
  const deep = 'populate=' + Array(11).fill('author.articles').join('.');
  expectError(() => populate(deep), { status: 400, name: 'ValidationError', message: 'populate is nested deeper than 20 levels' });
  let nested: unknown = true;
  for (let i = 0; i < 30; i++) nested = { populate: { [i % 2 === 0 ? 'author' : 'articles']: nested } };
  expectError(() => populate({ populate: { author: nested } }), { status: 400, name: 'ValidationError', message: 'populate is nested deeper than 20 levels' });
  assert.ok(populate('populate=' + Array(10).fill('author.articles').join('.')).author, '20 levels are fine');
});

test('populate (graphql): relation lists get a page (10 rows unless paginated); to-one relations do not', () => {
  const relationPage = { style: 'page', page: 1, pageSize: 10, withCount: false };
  assert.equal(populate({ populate: { tags: true, author: true } }, ARTICLE, graphqlReader), { tags: { page: relationPage }, author: {} });
  assert.equal(populate({ populate: { tags: { pagination: { limit: 500 } } } }, ARTICLE, graphqlReader), { tags: { page: { style: 'offset', start: 0, limit: 100, withCount: false } } });
  assert.equal(
    populate({ populate: { tags: { filters: { name: { eq: 'x' } }, sort: ['name:desc'] } } }, ARTICLE, graphqlReader),
    { tags: { page: relationPage, where: { kind: 'cmp', field: 'name', op: '$eq', value: 'x' }, sort: [{ path: ['name'], direction: 'desc' }] } },
  );
  assert.equal(
    populate({ populate: { gallery: true, sources: { pagination: { pageSize: 3 } }, cover: true, seo: true } }, ARTICLE, graphqlReader),
    { gallery: { page: relationPage }, sources: { page: { ...relationPage, pageSize: 3 } }, cover: {}, seo: {} },
    'multiple media and repeatable components are lists as well',
  );
  assert.equal(populate('populate[tags][pagination][page]=2'), { tags: {} }, 'REST ignores pagination inside populate');
});

test.run();
