/**
 * integration (REST): draft-and-publish writes as Strapi v4 checks them, on the members fixture: a
 * draft (`publishedAt: null`) is saved without its required attributes (components included) and
 * without minLength; publishing it runs the full checks, on the stored values too (quire: Strapi
 * 4.26.2 publishes such an entry as it is); required media are never enforced; a required relation is
 * "must be defined." on create and "cannot be null." on update; nested errors name the full path.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fullPost, LONG_DESCRIPTION, startMembers, type MembersServer } from './members-fixture.js';

let s: MembersServer;
let category: number;

test.before(async () => {
  s = await startMembers('writes-drafts');
  const r = await s.request('POST', '/api/categories', { body: { data: { name: 'News' } }, token: s.admin });
  category = r.body.data.id;
});
test.after(async () => s.stop());

const post = (data: unknown) => s.request('POST', '/api/posts', { body: { data }, token: s.admin });
const put = (id: number, data: unknown) => s.request('PUT', `/api/posts/${id}`, { body: { data }, token: s.admin });
const errorsOf = (r: { body: any }) => r.body.error.details.errors.map((e: any) => [e.path, e.message]);

test('a draft without its required attributes is saved; minLength waits for publishing; the other checks apply', async () => {
  const empty = await post({ publishedAt: null });
  assert.is(empty.status, 200, empty.text);
  assert.is(empty.body.data.attributes.publishedAt, null);
  assert.is(empty.body.data.attributes.title, null);
  const short = await post({ publishedAt: null, title: 'abc', summary: 'short', seo: { metaDescription: 'short too' } });
  assert.is(short.status, 200, short.text);
  const bad = await post({ publishedAt: null, kind: 'poem', rating: 9 });
  assert.is(bad.status, 400);
  assert.equal(errorsOf(bad), [
    [['kind'], 'kind must be one of the following values: note, story, '],
    [['rating'], 'rating must be less than or equal to 5'],
  ]);
});

test('publishing a draft is refused with Strapi\'s messages for what it lacks, sent or stored; nothing changes', async () => {
  const draft = (await post({ publishedAt: null, title: 'abc', summary: 'short' })).body.data.id;
  const refused = await put(draft, { publishedAt: '2024-05-01T00:00:00.000Z' });
  assert.is(refused.status, 400);
  assert.equal(refused.body.error.message, '6 errors occurred');
  assert.equal(errorsOf(refused), [
    [['title'], 'title must be at least 5 characters'],
    [['summary'], 'summary must be at least 10 characters'],
    [['body'], 'body must be defined.'],
    [['kind'], 'kind must be defined.'],
    [['seo'], 'seo must be defined.'],
    [['category'], 'category must be defined.'],
  ]);
  const still = await s.get(`/api/posts/${draft}?publicationState=preview`, s.admin);
  assert.is(still.body.data.attributes.publishedAt, null);

  // a draft that stays one takes the rest in any order
  assert.is((await put(draft, { title: 'A complete draft', summary: 'Now long enough', body: 'b', kind: 'note' })).status, 200);
  const nested = await put(draft, { seo: { metaTitle: 'M', metaDescription: 'too short' }, publishedAt: '2024-05-01T00:00:00.000Z' });
  assert.equal(errorsOf(nested), [
    [['seo', 'metaDescription'], 'seo.metaDescription must be at least 50 characters'],
    [['category'], 'category must be defined.'],
  ]);
  const published = await put(draft, { seo: { metaTitle: 'M', metaDescription: LONG_DESCRIPTION }, category, publishedAt: '2024-05-01T00:00:00.000Z' });
  assert.is(published.status, 200, published.text);
  assert.is(published.body.data.attributes.publishedAt, '2024-05-01T00:00:00.000Z');
  // published: checked in full again, even by the update that unpublishes it
  const cleared = await put(draft, { title: null, publishedAt: null });
  assert.equal(errorsOf(cleared), [[['title'], 'title must be a `string` type, but the final value was: `null`.']]);
});

test('a published create: required relation and component, never the required cover; nested paths with indices', async () => {
  const r = await post({
    title: 'Hello world', body: 'x', kind: 'note', category: null,
    seo: { metaDescription: 'short' },
    links: [{ label: 'a', url: 'ftp://x' }, { url: 'http://x' }],
    sections: [{ __component: 'sections.text', body: 'short' }, { __component: 'sections.pictures' }],
  });
  assert.is(r.status, 400);
  assert.equal(errorsOf(r), [
    [['seo', 'metaTitle'], 'seo.metaTitle must be defined.'],
    [['seo', 'metaDescription'], 'seo.metaDescription must be at least 50 characters'],
    [['links', '0', 'label'], 'links[0].label must be at least 2 characters'],
    [['links', '0', 'url'], 'links[0].url must match the following: "/^https?:\\/\\//"'],
    [['links', '1', 'label'], 'links[1].label must be defined.'],
    [['sections', '0', 'body'], 'sections[0].body must be at least 20 characters'],
    [['sections', '1', 'caption'], 'sections[1].caption must be defined.'],
    [['category'], 'category must be defined.'],
  ]);
  const ok = await post(fullPost(category, { cover: null }));
  assert.is(ok.status, 200, ok.text);
  const nulled = await put(ok.body.data.id, { category: null });
  assert.equal(errorsOf(nulled), [[['category'], 'category cannot be null.']]);
});

test.run();
