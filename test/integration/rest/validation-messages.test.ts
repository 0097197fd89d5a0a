/**
 * integration: the whole 400 body of each class of the validation catalog (engine/errors/README.md),
 * over REST, in Strapi 4.26.2's wording with the full nested path (indices as strings), "N errors
 * occurred" for several, one entry per problem; and the same message and path over GraphQL.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFile, gql } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let admin: string;
let tag: number;
let article: number;
let image: number;
let document: number;

test.before(async () => {
  s = await startTestServer({ name: 'rest-validation-messages' });
  admin = await s.token('full-access');
  tag = (await s.request('POST', '/api/tags', { token: admin, body: { data: { name: 'taken' } } })).body.data.id;
  article = (await s.request('POST', '/api/articles', { token: admin, body: { data: { title: 'An article', tags: [tag], sources: [{ title: 'S' }] } } })).body.data.id;
  image = await createFile(s, 'picture.png');
  document = (await s.running.app.repo.create({
    kind: 'create', uid: 'plugin::upload.file',
    data: { scalars: { name: 'notes.pdf', hash: 'notes_pdf', ext: '.pdf', mime: 'application/pdf', size: 1, url: '/uploads/notes.pdf', provider: 'local' }, relations: {}, media: {}, components: {}, dynamicZones: {} },
  })) as number;
});
test.after(async () => s.stop());

type Issue = [string[], string];
const issue = ([path, message]: Issue) => ({ path, message, name: 'ValidationError' });
/** the envelope of a ValidationError with these issues */
function refused(...issues: Issue[]) {
  return {
    data: null,
    error: { status: 400, name: 'ValidationError', message: issues.length === 1 ? issues[0][1] : `${issues.length} errors occurred`, details: { errors: issues.map(issue) } },
  };
}

const NAN = (p: string, v: string) => `${p} must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`${v}\`).`;
const ZONE = 'content.rich-text, content.quote, content.media-block, content.link-list';
const FORMATS = 'news, feature, opinion, review, ';

/** [what, path of the write, data, the whole expected body] */
const CASES: [string, string, Record<string, unknown>, unknown][] = [
  // required and not-null
  ['a required attribute left out', '/api/articles', {}, refused([['title'], 'title must be defined.'])],
  ['a required text sent as null', '/api/articles', { title: null }, refused([['title'], 'title must be a `string` type, but the final value was: `null`.'])],
  ['a required integer sent as null', '/api/editions', { title: 'T', number: null }, refused([['number'], 'number must be a `number` type, but the final value was: `NaN`.'])],
  ['a draft skips required and minLength, not the other checks', '/api/articles', { publishedAt: null, title: 'x'.repeat(201) }, refused([['title'], 'title must be at most 200 characters'])],
  // type per scalar type
  ['string', '/api/articles', { title: 5 }, refused([['title'], 'title must be a `string` type, but the final value was: `5`.'])],
  ['string given an object', '/api/articles', { title: { a: 1 } }, refused([['title'], 'title must be a `string` type, but the final value was: `{\n  "a": "1"\n}`.'])],
  ['integer from text', '/api/articles', { title: 'Types', readingTime: 'many' }, refused([['readingTime'], NAN('readingTime', '"many"')])],
  ['integer not whole', '/api/articles', { title: 'Types', readingTime: 1.5 }, refused([['readingTime'], 'readingTime must be an integer'])],
  ['integer as a numeric string (quire: the contract types numbers)', '/api/articles', { title: 'Types', readingTime: '5' }, refused([['readingTime'], 'readingTime must be a `number` type, but the final value was: `"5"`.'])],
  ['float', '/api/articles', { title: 'Types', popularity: 'x' }, refused([['popularity'], NAN('popularity', '"x"')])],
  ['decimal', '/api/articles', { title: 'Types', rating: true }, refused([['rating'], NAN('rating', 'true')])],
  ['biginteger', '/api/articles', { title: 'Types', wordCount: '12abc' }, refused([['wordCount'], 'wordCount must be an integer'])],
  ['boolean', '/api/articles', { title: 'Types', featured: 'yes' }, refused([['featured'], 'featured must be a `boolean` type, but the final value was: `"yes"`.'])],
  ['date', '/api/articles', { title: 'Types', publishDate: '2024-13-45' }, refused([['publishDate'], 'Invalid format, expected yyyy-MM-dd'])],
  ['time', '/api/articles', { title: 'Types', publishTime: '25:99' }, refused([['publishTime'], 'Invalid time format, expected HH:mm:ss.SSS'])],
  ['time not a string', '/api/articles', { title: 'Types', publishTime: 1030 }, refused([['publishTime'], 'Expected a string, got a number'])],
  ['datetime', '/api/articles', { title: 'Types', lastReviewedAt: 'yesterday' }, refused([['lastReviewedAt'], 'Invalid format, expected a timestamp or an ISO date'])],
  ['timestamp', '/api/articles', { title: 'Types', importedAt: true }, refused([['importedAt'], 'Invalid format, expected a timestamp or an ISO date'])],
  ['email', '/api/articles', { title: 'Types', contactEmail: 'nope' }, refused([['contactEmail'], 'contactEmail must be a valid email'])],
  ['empty email', '/api/articles', { title: 'Types', contactEmail: '' }, refused([['contactEmail'], 'contactEmail cannot be empty'])],
  ['enumeration', '/api/articles', { title: 'Types', format: 'nope' }, refused([['format'], `format must be one of the following values: ${FORMATS}`])],
  ['publishedAt', '/api/articles', { title: 'Types', publishedAt: 'soon' }, refused([['publishedAt'], 'Invalid format, expected a timestamp or an ISO date'])],
  // constraints and column limits
  ['min', '/api/articles', { title: 'Bounds', readingTime: 0 }, refused([['readingTime'], 'readingTime must be greater than or equal to 1'])],
  ['max', '/api/articles', { title: 'Bounds', rating: 7 }, refused([['rating'], 'rating must be less than or equal to 5'])],
  ['minLength', '/api/articles', { title: 'ab' }, refused([['title'], 'title must be at least 3 characters'])],
  ['maxLength', '/api/articles', { title: 'x'.repeat(201) }, refused([['title'], 'title must be at most 200 characters'])],
  ['regex', '/api/authors', { name: 'Rex', email: 'rex@example.com', payoutAccount: 'lower-case' }, refused([['payoutAccount'], 'payoutAccount must match the following: "/^[A-Z]{2}[0-9A-Z]{10,30}$/"'])],
  ['uid', '/api/articles', { title: 'Bounds', slug: 'has spaces/and slash' }, refused([['slug'], 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"'])],
  ['varchar(255)', '/api/articles', { title: 'Bounds', slug: 'x'.repeat(256) }, refused([['slug'], 'slug must be at most 255 characters'])],
  ['int32', '/api/editions', { title: 'T', number: 2 ** 31 }, refused([['number'], 'number must be less than or equal to 2147483647'])],
  ['numeric(20,10)', '/api/editions', { title: 'T', number: 7, price: 1e10 }, refused([['price'], 'price must be less than 10000000000'])],
  ['int64', '/api/articles', { title: 'Bounds', wordCount: '9223372036854775808' }, refused([['wordCount'], 'wordCount must be less than or equal to 9223372036854775807'])],
  // components: nested paths, repeatable items with their index
  ['a nested required field', '/api/articles', { title: 'Comp', seo: {} }, refused([['seo', 'metaTitle'], 'seo.metaTitle must be defined.'])],
  ['two levels down', '/api/articles', { title: 'Comp', seo: { metaTitle: 'm', openGraph: { title: 5 } } }, refused([['seo', 'openGraph', 'title'], 'seo.openGraph.title must be a `string` type, but the final value was: `5`.'])],
  ['a single component that is not an object', '/api/articles', { title: 'Comp', seo: 'x' }, refused([['seo'], 'seo must be a `object` type, but the final value was: `"x"`.'])],
  ['a repeatable item', '/api/articles', { title: 'Comp', sources: [{ title: 'ok' }, {}] }, refused([['sources', '1', 'title'], 'sources[1].title must be defined.'])],
  ['a repeatable item that is not an object', '/api/articles', { title: 'Comp', sources: ['x'] }, refused([['sources', '0'], 'sources[0] must be a `object` type, but the final value was: `null` (cast from the value `"x"`).'])],
  ['a repeatable that is not an array', '/api/articles', { title: 'Comp', sources: { title: 't' } }, refused([['sources'], 'sources must be a `array` type, but the final value was: `{\n  "title": "\\"t\\""\n}`.'])],
  ['too many items', '/api/articles', { title: 'Comp', sources: Array.from({ length: 21 }, () => ({ title: 't' })) }, refused([['sources'], 'sources field must have less than or equal to 20 items'])],
  ['a date inside a repeatable item', '/api/articles', { title: 'Comp', sources: [{ title: 't', accessedOn: 'bad' }] }, refused([['sources', '0', 'accessedOn'], 'Invalid format, expected yyyy-MM-dd'])],
  ['an enumeration inside a repeatable item', '/api/authors', { name: 'Enum', email: 'enum@example.com', socialLinks: [{ platform: 'x', url: 'u' }] }, refused([['socialLinks', '0', 'platform'], 'socialLinks[0].platform must be one of the following values: twitter, mastodon, github, linkedin, '])],
  // dynamic zones
  ['an unknown __component', '/api/articles', { title: 'Zone', blocks: [{ __component: 'blocks.a' }] }, refused([['blocks', '0', '__component'], `blocks[0].__component must be one of the following values: ${ZONE}`])],
  ['a missing __component', '/api/articles', { title: 'Zone', blocks: [{ text: 'x' }] }, refused([['blocks', '0', '__component'], 'blocks[0].__component is a required field'])],
  ['a null zone item (Strapi: 500)', '/api/articles', { title: 'Zone', blocks: [null] }, refused([['blocks', '0'], 'blocks[0] must be a `object` type, but the final value was: `null`.'])],
  ['a field of a component in a component in a zone', '/api/articles', { title: 'Zone', blocks: [{ __component: 'content.quote', text: 'q' }, { __component: 'content.link-list', links: [{ label: 'a', url: 'u' }, { url: 'u', newTab: 'x' }] }] },
    refused([['blocks', '1', 'links', '1', 'label'], 'blocks[1].links[1].label must be defined.'], [['blocks', '1', 'links', '1', 'newTab'], 'blocks[1].links[1].newTab must be a `boolean` type, but the final value was: `"x"`.'])],
  // several problems at once, one entry each, in attribute order
  ['several problems', '/api/articles', { title: 'ab', format: 'nope', readingTime: 0, rating: 7, sources: [{}], blocks: [{ __component: 'content.quote' }] },
    refused(
      [['title'], 'title must be at least 3 characters'], [['format'], `format must be one of the following values: ${FORMATS}`], [['readingTime'], 'readingTime must be greater than or equal to 1'],
      [['rating'], 'rating must be less than or equal to 5'], [['sources', '0', 'title'], 'sources[0].title must be defined.'], [['blocks', '0', 'text'], 'blocks[0].text must be defined.'],
    )],
];

for (const [what, path, data, expected] of CASES) {
  test(`400 body: ${what}`, async () => {
    const r = await s.request('POST', path, { token: admin, body: { data } });
    assert.is(r.status, 400, r.text);
    assert.equal(r.body, expected);
  });
}

/** relations and media: built once the tag exists */
const RELATION_CASES = (): [string, Record<string, unknown>, unknown][] => [
  ['related entries that do not exist', { title: 'Rel', tags: [tag, 99998, 99999] }, refused([['tags'], '2 relation(s) of type api::tag.tag associated with this entity do not exist'])],
  ['an id that cannot be one', { title: 'Rel', author: 'abc' }, refused([['author'], '1 relation(s) of type api::author.author associated with this entity do not exist'])],
  ['a relation of no accepted form', { title: 'Rel', tags: { connect: 'x' } }, refused([['tags', 'connect'], 'Invalid relations'])],
  ['set with connect (quire: the contract)', { title: 'Rel', tags: { set: [tag], connect: [tag] } }, refused([['tags'], 'tags cannot combine set with connect or disconnect'])],
  ['connected twice (quire: the contract)', { title: 'Rel', tags: { connect: [tag, tag] } }, refused([['tags'], `tags connects the relation with id ${tag} more than once`])],
  ['a bad position (quire: the contract)', { title: 'Rel', tags: { connect: [{ id: tag, position: { middle: true } }] } }, refused([['tags', 'connect', '0', 'position'], 'tags.connect[0].position must have exactly one of before, after, start or end'])],
  ['a file that does not exist', { title: 'Media', cover: 99999 }, refused([['cover'], '1 relation(s) of type plugin::upload.file associated with this entity do not exist'])],
  ['a file inside a component', { title: 'Media', seo: { metaTitle: 'm', metaImage: 99999 } }, refused([['seo', 'metaImage'], '1 relation(s) of type plugin::upload.file associated with this entity do not exist'])],
  ['a file inside a zone item', { title: 'Media', blocks: [{ __component: 'content.quote', text: 'q' }, { __component: 'content.media-block', file: 99999 }] },
    refused([['blocks', '1', 'file'], '1 relation(s) of type plugin::upload.file associated with this entity do not exist'])],
  ['a file of a type the attribute does not allow', { title: 'Media', seo: { metaTitle: 'm', metaImage: document } }, refused([['seo', 'metaImage'], `seo.metaImage: file ${document} is not of an allowed type (images)`])],
  ['media as an object (quire: the contract)', { title: 'Media', cover: { id: 1 } }, refused([['cover'], 'cover must be a file id'])],
];

test('400 body: relations and media', async () => {
  for (const [what, data, expected] of RELATION_CASES()) {
    const r = await s.request('POST', '/api/articles', { token: admin, body: { data } });
    assert.is(r.status, 400, `${what}: ${r.text}`);
    assert.equal(r.body, expected, what);
  }
});

test('400 body: update classes (null on a required attribute, a position against an entry not connected, a unique value, a component of another entry)', async () => {
  const put = (data: unknown) => s.request('PUT', `/api/articles/${article}`, { token: admin, body: { data } });
  assert.equal((await put({ format: null })).body, refused([['format'], 'format must be a `string` type, but the final value was: `null`.']));
  assert.equal((await put({ tags: { connect: [{ id: tag, position: { before: 99999 } }] } })).body,
    refused([['tags'], `There was a problem connecting relation with id ${tag} at position {"before":99999}. The relation with id 99999 needs to be connected first.`]));
  const other = (await s.request('POST', '/api/tags', { token: admin, body: { data: { name: 'other' } } })).body.data.id;
  assert.equal((await s.request('PUT', `/api/tags/${other}`, { token: admin, body: { data: { name: 'taken' } } })).body, refused([['name'], 'This attribute must be unique']));
  assert.equal((await put({ sources: [{ id: 99999, title: 'x' }] })).body, {
    data: null, error: { status: 400, name: 'ApplicationError', message: 'Some of the provided components in sources are not related to the entity', details: {} },
  });
  assert.equal((await s.request('GET', `/api/articles/${article}?populate=tags`, { token: admin })).body.data.attributes.tags.data.map((t: any) => t.id), [tag], 'nothing changed');
});

test('accepted: json takes any value, ids as digit strings, HH:mm times, an empty optional string', async () => {
  const r = await s.request('POST', '/api/articles', { token: admin, body: { data: { title: 'Lenient', metadata: 'text', tags: [String(tag)], cover: String(image), publishTime: '10:30', excerpt: '' } } });
  assert.is(r.status, 200, r.text);
  assert.is(r.body.data.attributes.publishTime, '10:30:00.000');
});

test('GraphQL: the same invalid body gets the same messages and paths', async () => {
  const data = { title: 'ab', sources: [{ title: 'ok' }, { url: 'u' }], blocks: [{ __component: 'content.link-list', links: [{ url: 'u' }] }] };
  const rest = await s.request('POST', '/api/articles', { token: admin, body: { data } });
  const graphql = await gql(s, 'mutation($data: ArticleInput!) { createArticle(data: $data) { data { id } } }', {
    token: admin, variables: { data: { ...data, blocks: [{ __typename: 'ComponentContentLinkList', links: [{ url: 'u' }] }] } },
  });
  const expected = refused(
    [['title'], 'title must be at least 3 characters'], [['sources', '1', 'title'], 'sources[1].title must be defined.'], [['blocks', '0', 'links', '0', 'label'], 'blocks[0].links[0].label must be defined.'],
  );
  assert.equal(rest.body, expected);
  assert.is(graphql.status, 200, graphql.text);
  const { status: _status, ...error } = expected.error;
  assert.equal(graphql.body.errors[0].extensions.error, error);
});

test.run();
