/**
 * unit, engine/plan: components and dynamic zones in write bodies: recursive validation against the
 * component (paths like ['sources', 0, 'title']), id -> update that row, no id -> create (defaults,
 * required), null clears, repeatable min/max counts, `__component` among the zone's components.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationIssue } from '../../../../engine/errors/index.js';
import { planCreate } from '../../../../engine/plan/plan-create.js';
import type { WriteData } from '../../../../engine/plan/types.js';
import { ARTICLE, model } from '../example-model.js';
import { expectError } from '../expect-error.js';
import { writeData } from '../write-data.js';

const now = new Date('2025-01-02T00:00:00.000Z');
const data = (extra: Record<string, unknown>, uid = ARTICLE): WriteData => planCreate(model, uid, { data: { title: 'Hello', ...extra } }, { now }).data;
const v = (path: (string | number)[], message: string): ValidationIssue => ({ path: path.map(String), message, name: 'ValidationError' });

test('single component: created with defaults; with id: updated, partial', () => {
  assert.equal(data({ seo: { metaTitle: 'm' } }).components.seo, { data: writeData({ scalars: { metaTitle: 'm', noIndex: false } }) });
  assert.equal(data({ seo: { id: 4, noIndex: true } }).components.seo, { id: 4, data: writeData({ scalars: { noIndex: true } }) });
  assert.equal(data({ seo: { id: '4', metaTitle: 'm', __component: 'x', unknown: 1 } }).components.seo, { id: 4, data: writeData({ scalars: { metaTitle: 'm' } }) });
  assert.equal(data({ seo: null }).components.seo, null);
});

test('nested components and media inside components', () => {
  assert.equal(data({ seo: { metaTitle: 'm', metaImage: 7, openGraph: { title: 'og', image: '8' } } }).components.seo, {
    data: writeData({
      scalars: { metaTitle: 'm', noIndex: false },
      media: { metaImage: [7] },
      components: { openGraph: { data: writeData({ scalars: { title: 'og' }, media: { image: [8] } }) } },
    }),
  });
});

test('repeatable component: items with and without id, null and [] clear', () => {
  assert.equal(data({ sources: [{ title: 'a', accessedOn: '2024-01-02' }, { id: 2, url: 'u' }] }).components.sources, [
    { data: writeData({ scalars: { title: 'a', accessedOn: '2024-01-02' } }) },
    { id: 2, data: writeData({ scalars: { url: 'u' } }) },
  ]);
  assert.equal(data({ sources: null }).components.sources, []);
  assert.equal(data({ sources: [] }).components.sources, []);
  assert.is((data({ sources: Array.from({ length: 20 }, () => ({ title: 't' })) }).components.sources as unknown[]).length, 20);
});

test('dynamic zone: items validated against their component', () => {
  assert.equal(
    data({
      blocks: [
        { __component: 'content.quote', text: 'q' },
        { __component: 'content.media-block', file: 5, caption: 'c' },
        { __component: 'content.link-list', id: 3, links: [{ label: 'a', url: '/a' }] },
        { __component: 'content.rich-text', body: '# hi' },
      ],
    }).dynamicZones.blocks,
    [
      { component: 'content.quote', data: writeData({ scalars: { text: 'q' } }) },
      { component: 'content.media-block', data: writeData({ scalars: { caption: 'c' }, media: { file: [5] } }) },
      { component: 'content.link-list', id: 3, data: writeData({ components: { links: [{ data: writeData({ scalars: { label: 'a', url: '/a', newTab: false } }) }] } }) },
      { component: 'content.rich-text', data: writeData({ scalars: { body: '# hi' } }) },
    ],
  );
  assert.equal(data({ blocks: null }).dynamicZones.blocks, []);
  assert.equal(data({ blocks: [] }).dynamicZones.blocks, []);
});

test('components of single types (homepage hero with a nested link)', () => {
  assert.equal(data({ hero: { heading: 'H', cta: { label: 'Go', url: '/go' } } }, 'api::homepage.homepage').components.hero, {
    data: writeData({ scalars: { heading: 'H' }, components: { cta: { data: writeData({ scalars: { label: 'Go', url: '/go', newTab: false } }) } } }),
  });
});

const ZONE = 'content.rich-text, content.quote, content.media-block, content.link-list';
const REFUSED: [Record<string, unknown>, ValidationIssue[], string?][] = [
  [{ seo: {} }, [v(['seo', 'metaTitle'], 'seo.metaTitle must be defined.')]],
  [{ seo: 'x' }, [v(['seo'], 'seo must be a `object` type, but the final value was: `"x"`.')]],
  [{ seo: [{ metaTitle: 'm' }] }, [v(['seo'], 'seo must be a `object` type, but the final value was: `[\n  {\n    "metaTitle": "\\"m\\""\n  }\n]`.')]],
  [{ seo: 5 }, [v(['seo'], 'seo must be a `object` type, but the final value was: `5`.')]],
  [{ seo: { metaTitle: 'x'.repeat(61) } }, [v(['seo', 'metaTitle'], 'seo.metaTitle must be at most 60 characters')]],
  [{ seo: { metaTitle: 'm', openGraph: { title: 5 } } }, [v(['seo', 'openGraph', 'title'], 'seo.openGraph.title must be a `string` type, but the final value was: `5`.')]],
  [{ seo: { metaTitle: 'm', metaImage: [1, 2] } }, [v(['seo', 'metaImage'], 'seo.metaImage must be a file id')]],
  [{ seo: { id: 'x', metaTitle: 'm' } }, [v(['seo', 'id'], 'seo.id must be a `number` type, but the final value was: `"x"`.')]],
  [{ seo: { id: 0, metaTitle: 'm' } }, [v(['seo', 'id'], 'seo.id must be greater than or equal to 1')]],
  [{ seo: { id: 1.5, metaTitle: 'm' } }, [v(['seo', 'id'], 'seo.id must be an integer')]],
  [{ sources: [{}] }, [v(['sources', 0, 'title'], 'sources[0].title must be defined.')]],
  // an item that is not an object: what Strapi cast it to, and from what
  [{ sources: [{ title: 't' }, 'x'] }, [v(['sources', 1], 'sources[1] must be a `object` type, but the final value was: `null` (cast from the value `"x"`).')]],
  [{ sources: [5] }, [v(['sources', 0], 'sources[0] must be a `object` type, but the final value was: `null` (cast from the value `5`).')]],
  [{ sources: [null] }, [v(['sources', 0], 'sources[0] must be a `object` type, but the final value was: `null`.')]],
  [{ sources: { title: 't' } }, [v(['sources'], 'sources must be a `array` type, but the final value was: `{\n  "title": "\\"t\\""\n}`.')]],
  [{ sources: Array.from({ length: 21 }, () => ({ title: 't' })) }, [v(['sources'], 'sources field must have less than or equal to 20 items')]],
  [{ sources: [{ title: 't', accessedOn: 'never' }] }, [v(['sources', 0, 'accessedOn'], 'Invalid format, expected yyyy-MM-dd')]],
  [{ blocks: [{ __component: 'content.nope' }] }, [v(['blocks', 0, '__component'], `blocks[0].__component must be one of the following values: ${ZONE}`)]],
  [{ blocks: [{ __component: 'shared.seo', metaTitle: 'm' }] }, [v(['blocks', 0, '__component'], `blocks[0].__component must be one of the following values: ${ZONE}`)]],
  [{ blocks: [{ text: 'x' }] }, [v(['blocks', 0, '__component'], 'blocks[0].__component is a required field')]],
  [{ blocks: [{ __component: null }] }, [v(['blocks', 0, '__component'], 'blocks[0].__component must be a `string` type, but the final value was: `null`.')]],
  [{ blocks: [{ __component: 5 }] }, [v(['blocks', 0, '__component'], `blocks[0].__component must be one of the following values: ${ZONE}`)]],
  [{ blocks: [{ __component: 'content.link-list', links: [{ label: 'a' }] }] }, [v(['blocks', 0, 'links', 0, 'url'], 'blocks[0].links[0].url must be defined.')]],
  [{ blocks: { __component: 'content.quote', text: 'q' } }, [v(['blocks'], 'blocks must be a `array` type, but the final value was: `{\n  "__component": "\\"content.quote\\"",\n  "text": "\\"q\\""\n}`.')]],
  [{ blocks: ['x'] }, [v(['blocks', 0], 'blocks[0] must be a `object` type, but the final value was: `null` (cast from the value `"x"`).')]],
  [{ blocks: [null] }, [v(['blocks', 0], 'blocks[0] must be a `object` type, but the final value was: `null`.')], 'Strapi answers 500'],
  [{ blocks: [{ __component: 'content.quote', text: 'q' }, { __component: 'content.source' }] }, [v(['blocks', 1, '__component'], `blocks[1].__component must be one of the following values: ${ZONE}`)]],
  [
    { seo: { openGraph: {} }, sources: [{}, {}], blocks: [{ __component: 'content.quote' }] },
    [
      v(['seo', 'metaTitle'], 'seo.metaTitle must be defined.'),
      v(['sources', 0, 'title'], 'sources[0].title must be defined.'),
      v(['sources', 1, 'title'], 'sources[1].title must be defined.'),
      v(['blocks', 0, 'text'], 'blocks[0].text must be defined.'),
    ],
  ],
];

for (const [extra, expected, note] of REFUSED) {
  test(`component refused: ${JSON.stringify(extra).slice(0, 90)}${note ? ` (${note})` : ''}`, () => {
    const message = expected.length === 1 ? expected[0].message : `${expected.length} errors occurred`;
    expectError(() => data(extra), { status: 400, name: 'ValidationError', message, details: { errors: expected } });
  });
}

test('social links: enum inside a repeatable component of another type', () => {
  const base = { name: 'Ann', email: 'ann@example.com' };
  assert.equal(data({ ...base, socialLinks: [{ platform: 'github', url: 'u' }] }, 'api::author.author').components.socialLinks, [
    { data: writeData({ scalars: { platform: 'github', url: 'u' } }) },
  ]);
  expectError(() => data({ ...base, socialLinks: [{ platform: 'myspace', url: 'u' }] }, 'api::author.author'), {
    status: 400,
    name: 'ValidationError',
    message: 'socialLinks[0].platform must be one of the following values: twitter, mastodon, github, linkedin, ',
  });
});

test.run();
