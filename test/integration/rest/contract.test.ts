/**
 * integration: the generated contracts describe what the server answers. Real populated bodies
 * (populate=*, deep trees, `on`, fields, media, users, single types, errors) are validated with Ajv
 * against the response schema of their operation in specs/example/artifacts/openapi.json, once as
 * published and once with `additionalProperties: false` added to every object schema (no key the
 * document does not name). The SDL is checked to type every relation, media, component and zone
 * field the way the Strapi GraphQL plugin names them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import { buildSchema, type GraphQLObjectType, type GraphQLUnionType } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute, NormalizedModel } from '../../../compiler/model/types.js';
import { parseQueryString } from '../../../engine/request/index.js';
import { postEntry, seedFullArticles, seedShared, type SharedContent } from '../../helpers/seed-content.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { EXAMPLE_SPEC } from '../../helpers/spec-dir.js';

const Ajv = AjvModule as unknown as typeof AjvModule.default;
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const ARTIFACTS = join(EXAMPLE_SPEC, 'artifacts');
const doc = JSON.parse(readFileSync(join(ARTIFACTS, 'openapi.json'), 'utf8'));
const model: NormalizedModel = JSON.parse(readFileSync(join(ARTIFACTS, 'model.json'), 'utf8'));

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** Every object schema that lists properties gets `additionalProperties: false` unless it says otherwise. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, closed(s)])) : closed(v);
  if ('properties' in out && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

/** Ajv for OpenAPI 3.0 schemas: `nullable` is built in; OpenAPI's numeric formats are annotations. */
function openApiAjv(): InstanceType<typeof Ajv> {
  const ajv = new Ajv({ strict: false, allErrors: true, formats: { int32: true, int64: true, float: true, double: true } });
  addFormats(ajv);
  return ajv;
}

function validators(document: unknown): (path: string, method: string, status?: string) => Validate {
  const ajv = openApiAjv();
  ajv.addSchema(document as object, 'openapi.json');
  return (path, method, status = '200') => {
    const response = (document as any).paths[path][method].responses[status];
    const at = response.$ref ? response.$ref.slice(2) : ['paths', path, method, 'responses', status].map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    const fn = ajv.getSchema(`openapi.json#/${at}/content/application~1json/schema`);
    assert.ok(fn, `a schema for ${method} ${path} ${status}`);
    return fn as Validate;
  };
}

const published = validators(doc);
const strict = validators(closed(doc));

let s: TestServer;
let admin: string;
let shared: SharedContent;
let ids: number[];

test.before(async () => {
  s = await startTestServer({ name: 'rest-contract' });
  admin = await s.token('full-access');
  shared = await seedShared(s, admin, 'api');
  ids = await seedFullArticles(s, admin, 3, shared);
  await postEntry(s, admin, '/api/articles', { title: 'A draft', publishedAt: null, author: shared.author, seo: { metaTitle: 'Draft' } });
  const root = await postEntry(s, admin, '/api/categories', { name: 'Root', slug: 'root', featuredArticle: ids[0] });
  await s.request('PUT', `/api/categories/${shared.category}`, { body: { data: { parent: root } }, token: admin });
  await postEntry(s, admin, '/api/editions', { number: 1, title: 'One', price: 9.5, coverStory: ids[0], contents: ids });
  const home = await s.request('PUT', '/api/homepage', { body: { data: { title: 'Home', hero: { heading: 'Hi', image: shared.files[0], cta: { label: 'Go', url: '/go' } }, featured: ids, seo: { metaTitle: 'Home' } } }, token: admin });
  assert.is(home.status, 200, home.text);
  const site = await s.request('PUT', '/api/site-setting', { body: { data: { footerLinks: [{ label: 'About', url: '/about' }] } }, token: admin });
  assert.is(site.status, 200, site.text);
});
test.after(async () => s.stop());

async function expectValid(method: string, url: string, path: string, status = '200', token: string | undefined = admin): Promise<void> {
  const r = await s.request(method.toUpperCase(), url, { token });
  assert.is(String(r.status), status, `${url}: ${r.text}`);
  for (const [label, pick] of [['published', published], ['closed', strict]] as const) {
    const validate = pick(path, method, status);
    assert.ok(validate(r.body), `${label} schema of ${method} ${path} ${status} rejects ${url}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  }
}

const DEEP = [
  'populate[author][populate][articles][populate][tags]=true', 'populate[author][populate][profile]=true',
  'populate[author][populate][avatar]=true', 'populate[author][populate][socialLinks]=true',
  'populate[tags][populate][articles][populate][seo][populate]=*', 'populate[category][populate][parent]=true',
  'populate[category][populate][featuredArticle]=true', 'populate[seo][populate][openGraph][populate][image]=true',
  'populate[seo][populate][metaImage]=true', 'populate[blocks][populate]=*', 'populate[relatedArticles][populate][coverOf]=true',
  'populate[coverOf][populate][contents]=true', 'populate[reviewer]=true', 'populate[cover]=true', 'populate[gallery]=true', 'populate[sources]=true',
].join('&');

test('article.find and article.findOne: populate=*, deep populate, on, fields and preview validate against openapi.json', async () => {
  for (const q of ['', 'populate=*', DEEP, 'publicationState=preview&populate=*', 'populate[blocks][on][content.quote][fields][0]=text&populate[blocks][on][content.link-list][populate]=*',
    'fields[0]=title&populate[author][fields][0]=name&populate[seo][fields][0]=metaTitle', 'pagination[start]=1&pagination[limit]=2&populate=*']) {
    await expectValid('get', `/api/articles?${q}`, '/api/articles');
    await expectValid('get', `/api/articles/${ids[1]}?${q.replace(/pagination[^&]*&?/g, '')}`, '/api/articles/{id}');
  }
  await expectValid('get', '/api/articles?populate=*', '/api/articles', '200', '');
  // the checks have teeth: an undocumented key, a zone item without __component, a bare id
  const body = (await s.get(`/api/articles/${ids[1]}?populate=*`, admin)).body;
  const one = (p: (b: any) => void) => { const b = structuredClone(body); p(b); return b; };
  const schema = (pick: typeof published) => pick('/api/articles/{id}', 'get');
  assert.ok(schema(published)(one((b) => (b.data.attributes.author.data.attributes.extra = 1))));
  assert.not.ok(schema(strict)(one((b) => (b.data.attributes.author.data.attributes.extra = 1))));
  assert.not.ok(schema(published)(one((b) => delete b.data.attributes.blocks[0].__component)));
  assert.not.ok(schema(published)(one((b) => (b.data.attributes.author = b.data.attributes.author.data.id))));
  assert.not.ok(schema(published)(one((b) => (b.data.attributes.seo = b.data.attributes.seo.id))));
});

test('every other routed type, populated, validates too', async () => {
  const types = [['authors', '/api/authors'], ['author-profiles', '/api/author-profiles'], ['categories', '/api/categories'], ['editions', '/api/editions'], ['tags', '/api/tags']];
  for (const [plural, path] of types) {
    await expectValid('get', `/api/${plural}?populate=*&publicationState=preview`, path);
    const deep = plural === 'authors' ? 'populate[articles][populate]=*&populate[avatar]=true&populate[socialLinks]=true&populate[profile]=true' : 'populate=*';
    const list = await s.get(`/api/${plural}`, admin);
    await expectValid('get', `/api/${plural}/${list.body.data[0].id}?${deep}`, `${path}/{id}`);
  }
  await expectValid('get', '/api/homepage?populate[hero][populate]=*&populate[featured][populate]=*&populate[seo][populate]=*', '/api/homepage');
  await expectValid('get', '/api/site-setting?populate=*', '/api/site-setting');
});

test('write answers and error bodies validate against their responses', async () => {
  const create = await s.request('POST', '/api/articles?populate=*', { body: { data: { title: 'Contract', author: shared.author, blocks: [{ __component: 'content.quote', text: 'q' }] } }, token: admin });
  assert.is(create.status, 200, create.text);
  assert.ok(published('/api/articles', 'post')(create.body));
  assert.ok(strict('/api/articles', 'post')(create.body));
  const update = await s.request('PUT', `/api/articles/${create.body.data.id}?populate[author][populate]=*`, { body: { data: { tags: [shared.tags[0]] } }, token: admin });
  assert.ok(strict('/api/articles/{id}', 'put')(update.body), JSON.stringify(strict('/api/articles/{id}', 'put').errors));
  const del = await s.request('DELETE', `/api/articles/${create.body.data.id}?populate=*`, { token: admin });
  assert.ok(strict('/api/articles/{id}', 'delete')(del.body));
  await expectValid('get', '/api/articles?populate[author][fields][0]=nope', '/api/articles', '400');
  await expectValid('get', '/api/articles/999999?populate=*', '/api/articles/{id}', '404');
  await expectValid('post', '/api/tags?populate=*', '/api/tags', '403', '');
});

test('the populate parameter schema accepts every populate form the server accepts, and only where it applies', () => {
  const ajv = openApiAjv();
  ajv.addSchema(closed(doc) as object, 'openapi.json');
  const validate = ajv.getSchema('openapi.json#/components/schemas/ArticlePopulate') as Validate;
  const forms = [
    'populate=*', 'populate=author,seo.openGraph', 'populate[0]=author&populate[1]=seo.metaImage&populate[2]=seo.openGraph.image',
    'populate[author]=true&populate[tags]=false&populate[seo]=t&populate[blocks]=f&populate[cover]=1&populate[gallery]=0',
    'populate[author][populate][articles][populate][tags][populate][articles][populate][category]=true',
    'populate[author][fields][0]=name&populate[tags][sort][0]=name:desc&populate[category][filters][name][$eq]=x',
    'populate[blocks][populate]=*', 'populate[blocks][on][content.quote][fields][0]=text&populate[blocks][on][content.link-list][populate]=*',
    'populate[sources][filters][title][$endsWith]=b&populate[sources][sort][0]=title:desc&populate[seo][fields][0]=metaTitle',
    'populate[seo][populate][openGraph][populate][image]=true',
    // Strapi casts any string to a boolean (false/f/0 mean no): FoodAdvisor's `populate[seo]=metaSocial`
    'populate[author]=maybe&populate[seo]=metaSocial',
    'populate[blocks][populate]=file,links',
  ];
  for (const q of forms) assert.ok(validate(parseQueryString(q).populate), `${q}: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
  // filters and sort narrow lists: not offered on a single component or a zone item
  for (const q of ['populate[seo][filters][metaTitle][$eq]=x', 'populate[blocks][on][content.quote][sort]=text', 'populate=nothing']) {
    assert.not.ok(validate(parseQueryString(q).populate), q);
  }
});

/** GraphQL type name of a content-type or component uid, as the Strapi v4 GraphQL plugin names it. */
function typeName(uid: string): string {
  const pascal = (w: string) => w.split(/[-_]/).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
  if (model.components[uid]) return 'Component' + uid.split('.').map(pascal).join('');
  const [ns, rest] = uid.split('::');
  const name = rest.split('.')[1];
  return ns === 'api' ? pascal(name) : pascal(rest.split('.')[0]) + pascal(name);
}

function expectedField(owner: string, attr: Attribute): string | undefined {
  switch (attr.kind) {
    case 'relation':
      return `${typeName(attr.target)}${attr.toMany ? 'RelationResponseCollection' : 'EntityResponse'}`;
    case 'media':
      return `UploadFile${attr.multiple ? 'RelationResponseCollection' : 'EntityResponse'}`;
    case 'component':
      return attr.repeatable ? `[${typeName(attr.component)}]` : typeName(attr.component);
    case 'dynamiczone':
      return `[${owner}${attr.name.charAt(0).toUpperCase()}${attr.name.slice(1)}DynamicZone]`;
    default:
      return undefined;
  }
}

test('schema.graphql types every relation, media, component and dynamic-zone field', () => {
  const schema = buildSchema(readFileSync(join(ARTIFACTS, 'schema.graphql'), 'utf8'));
  const owners = [...Object.values(model.contentTypes).filter((ct) => ct.namespace === 'api'), ...Object.values(model.components)];
  let checked = 0;
  for (const owner of owners) {
    const name = typeName(owner.uid);
    const type = schema.getType(name) as GraphQLObjectType | undefined;
    assert.ok(type, `type ${name}`);
    for (const attr of Object.values(owner.attributes)) {
      const expected = expectedField(name, attr);
      if (!expected || attr.private) continue;
      const field = type.getFields()[attr.name];
      assert.ok(field, `${name}.${attr.name}`);
      assert.is(String(field.type), attr.required ? `${expected}!` : expected, `${name}.${attr.name}`);
      if (attr.kind === 'dynamiczone') {
        const union = schema.getType(expected.slice(1, -1)) as GraphQLUnionType;
        assert.equal(union.getTypes().map(String).sort(), [...attr.components.map(typeName), 'Error'].sort());
      }
      if ((attr.kind === 'relation' && attr.toMany) || (attr.kind === 'media' && attr.multiple) || (attr.kind === 'component' && attr.repeatable)) {
        assert.ok(['filters', 'pagination', 'sort'].every((arg) => field.args.some((a) => a.name === arg)), `${name}.${attr.name} takes filters, pagination, sort`);
      }
      checked++;
    }
    if ('kind' in owner) {
      assert.is(String((schema.getType(`${name}Entity`) as GraphQLObjectType).getFields().attributes.type), name);
      const collection = schema.getType(`${name}RelationResponseCollection`) as GraphQLObjectType | undefined;
      if (collection) assert.is(String(collection.getFields().data.type), `[${name}Entity!]!`);
    }
  }
  assert.ok(checked >= 20, `${checked} fields checked`);
});

test.run();
