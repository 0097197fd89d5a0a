/**
 * integration (actions): the doors answer alike because they share one action layer. The same
 * invalid body sent over REST and over GraphQL gets the same message and the same `details.errors`
 * (paths included, nested ones too); the same permission opens the same plugin reads on both doors
 * (`plugin::upload.content-api.find` / `findOne`: `GET /api/upload/files` and `uploadFiles`,
 * `GET /api/upload/files/:id` and `uploadFile`); a write the caller may not make is refused on both.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql, gqlData } from '../../helpers/graphql.js';
import { makeImage, postFiles, startUploadServer, type UploadServer } from '../upload/upload-fixture.js';

let s: UploadServer;

test.before(async () => {
  s = await startUploadServer('actions-doors');
});
test.after(async () => s.stop());

/** The error of a REST create and of a GraphQL create with the same data: both as Strapi's `error`. */
async function bothDoors(data: Record<string, unknown>, graphqlData: Record<string, unknown> = data) {
  const rest = await s.request('POST', '/api/articles', { body: { data }, token: s.admin });
  assert.is(rest.status, 400, rest.text);
  const r = await gql(s, 'mutation($data: ArticleInput!) { createArticle(data: $data) { data { id } } }', { token: s.admin, variables: { data: { publishedAt: '2024-01-01T00:00:00.000Z', ...graphqlData } } });
  assert.is(r.status, 200, r.text);
  assert.equal(r.body.data, { createArticle: null });
  const error = r.body.errors?.[0]?.extensions?.error;
  assert.ok(error, r.text);
  return { rest: { name: rest.body.error.name, message: rest.body.error.message, details: rest.body.error.details }, graphql: error };
}

test('the same invalid body gets the same message and details over REST and GraphQL', async () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>?][] = [
    ['a too short title', { title: 'ab' }],
    ['a number out of range', { title: 'Range', readingTime: 0 }],
    ['a nested component field', { title: 'Nested', seo: { metaTitle: 'x'.repeat(61) } }],
    ['a repeatable component item', { title: 'Items', sources: [{ title: 'ok' }, { title: 'y'.repeat(300) }] }],
    ['several problems at once', { title: 'ab', readingTime: 601 }],
  ];
  for (const [what, data, graphqlData] of cases) {
    const { rest, graphql } = await bothDoors(data, graphqlData);
    assert.equal(graphql, rest, what);
    assert.is(rest.name, 'ValidationError', what);
  }
});

test('a nested error names its full path on both doors', async () => {
  const { rest, graphql } = await bothDoors({ title: 'Nested', seo: { metaTitle: 'x'.repeat(61) } });
  assert.equal(rest.details.errors.map((e: any) => e.path), [['seo', 'metaTitle']]);
  assert.equal(graphql.details.errors, rest.details.errors);
});

test('plugin::upload.content-api.find/findOne open the file reads on both doors; without them neither', async () => {
  const [file] = (await postFiles(s, [{ name: 'doors.png', data: await makeImage(20, 20), type: 'image/png' }], {}, { token: s.admin })).body;
  const reader = await s.token('custom', ['plugin::upload.content-api.find', 'plugin::upload.content-api.findOne']);
  const rest = await s.request('GET', '/api/upload/files', { token: reader });
  assert.is(rest.status, 200, rest.text);
  assert.equal(rest.body.map((f: any) => f.id), [file.id]);
  assert.is((await s.request('GET', `/api/upload/files/${file.id}`, { token: reader })).status, 200);
  const d = await gqlData(s, `{ uploadFiles { data { id attributes { name url } } meta { pagination { total } } } uploadFile(id: "${file.id}") { data { attributes { name } } } }`, { token: reader });
  assert.equal(d.uploadFiles.data, [{ id: String(file.id), attributes: { name: 'doors.png', url: file.url } }]);
  assert.is(d.uploadFiles.meta.pagination.total, 1);
  assert.is(d.uploadFile.data.attributes.name, 'doors.png');

  const other = await s.token('custom', ['api::tag.tag.find']);
  assert.is((await s.request('GET', '/api/upload/files', { token: other })).status, 403);
  const refused = await gql(s, '{ uploadFiles { data { id } } }', { token: other });
  assert.is(refused.body.errors[0].extensions.code, 'FORBIDDEN');
  assert.equal(refused.body.data, { uploadFiles: null });
});

test('a caller without the write permission is refused on both doors, and nothing is written', async () => {
  const reader = await s.token('read-only');
  assert.is((await s.request('POST', '/api/tags', { body: { data: { name: 'nope' } }, token: reader })).status, 403);
  const r = await gql(s, 'mutation { createTag(data: { name: "nope" }) { data { id } } }', { token: reader });
  assert.is(r.body.errors[0].extensions.code, 'FORBIDDEN');
  assert.equal((await s.request('GET', '/api/tags?filters[name][$eq]=nope', { token: s.admin })).body.data, []);
});

test.run();
