/**
 * integration (GraphQL): customisation. The fixture spec test/fixtures/specs/graphql-extension turns
 * shadowCRUD off for one type (absent from the SDL and from the served schema, still served by REST)
 * and names an extension module: its typeDefs land in schema.graphql, its resolvers are served
 * (reading through context.find, relations loaded on demand), and resolversConfig applies auth
 * (false / scope), a policy that refuses and middlewares that change results.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main as buildCli } from '../../../compiler/cli.js';
import { gql, gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { copySpec, runCli, tempDir } from '../../helpers/spec-dir.js';

let s: TestServer;
let out: string;
let admin: string;

test.before(async () => {
  const spec = copySpec('graphql-extension');
  out = join(tempDir('quire-gql-ext-'), 'artifacts');
  const built = await runCli(buildCli, ['build', '--src', spec, '--out', out]);
  if (built.code !== 0) throw new Error(built.err.join('\n'));
  const checked = await runCli(buildCli, ['check', '--src', spec, '--artifacts', out]);
  if (checked.code !== 0) throw new Error(checked.err.join('\n'));
  process.env.GREETING = 'Howdy'; // the extension reads it through the { env } helper of its factory
  s = await startTestServer({ name: 'gql-extension', artifactsDir: out });
  admin = await s.token('full-access');
  const d = await gqlData(s, 'mutation { p: createPerson(data: { name: "Ada" }) { data { id } } }', { token: admin });
  for (const [title, views] of [['first', 1], ['second', 2], ['third', 3]] as const) {
    await gqlData(s, `mutation { createPost(data: { title: "${title}", publishedAt: "2024-01-01T00:00:00.000Z", views: ${views}, writer: "${d.p.data.id}" }) { data { id } } }`, { token: admin });
  }
});
test.after(async () => {
  delete process.env.GREETING;
  await s.stop();
});

test('the build copies the module and appends its typeDefs to schema.graphql', () => {
  assert.ok(existsSync(join(out, 'graphql-extension.mjs')));
  assert.match(readFileSync(join(out, 'graphql-extension.mjs'), 'utf8'), /^\/\/ copied by quire build from config\/graphql-extension\.mjs; do not edit\n/);
  const sdl = readFileSync(join(out, 'schema.graphql'), 'utf8');
  const schema = buildSchema(sdl);
  assert.ok(schema.getQueryType()!.getFields().postStats);
  assert.ok(schema.getType('PostStats'));
  assert.is(String(schema.getTypeMap().Post && (schema.getType('Post') as any).getFields().shout.type), 'String!');
  assert.equal(JSON.parse(readFileSync(join(out, 'model.json'), 'utf8')).config.graphql.extension, './graphql-extension.mjs');
});

test('shadowCRUD disable: the type is missing from the SDL and from the server; REST still serves it', async () => {
  const sdl = readFileSync(join(out, 'schema.graphql'), 'utf8');
  assert.not.match(sdl, /\bSecret\b|\bsecrets\b/);
  const introspected = await gqlData(s, '{ secret: __type(name: "Secret") { name } query: __type(name: "Query") { fields { name } } all: __schema { types { name } } }');
  assert.is(introspected.secret, null);
  const served = introspected.all.types.map((t: any) => t.name).sort();
  const published = Object.keys(buildSchema(sdl).getTypeMap()).sort();
  assert.equal(served, published, 'the server serves exactly the published schema');
  assert.not.ok(introspected.query.fields.some((f: any) => /secret/i.test(f.name)));
  const r = await gql(s, '{ secrets { data { id } } }');
  assert.is(r.status, 400);
  assert.is((await s.get('/api/secrets')).status, 200);
});

test('a policy that refuses: ForbiddenError "Policy Failed" (200, FORBIDDEN); others pass', async () => {
  const ok = await gqlData(s, '{ post(id: "1") { data { attributes { title } } } }');
  assert.is(ok.post.data.attributes.title, 'first');
  const r = await gql(s, '{ post(id: "2") { data { attributes { title } } } }');
  assert.is(r.status, 200);
  assert.equal(r.body.data, { post: null });
  assert.equal(r.body.errors[0].extensions, { error: { name: 'ForbiddenError', message: 'Policy Failed', details: {} }, code: 'FORBIDDEN' });
});

test('middlewares change results, on the root field and on a nested one', async () => {
  const d = await gqlData(s, '{ posts(sort: "id") { data { attributes { title views shout } } } }');
  assert.equal(d.posts.data.map((e: any) => e.attributes), [
    { title: '[first]', views: 10, shout: '[FIRST]!' },
    { title: '[second]', views: 20, shout: '[SECOND]!' },
    { title: '[third]', views: 30, shout: '[THIRD]!' },
  ]);
});

test('auth: false opens a field to everyone; auth.scope requires those permissions', async () => {
  assert.equal(await gqlData(s, '{ hello(name: "Ada") }'), { hello: 'Howdy, Ada' });
  let r = await gql(s, '{ scopedHello }');
  assert.is(r.body.errors[0].extensions.code, 'FORBIDDEN');
  r = await gql(s, '{ scopedHello }', { token: await s.token('custom', ['api::post.post.find']) });
  assert.is(r.body.errors[0].extensions.code, 'FORBIDDEN');
  assert.equal(await gqlData(s, '{ scopedHello }', { token: await s.token('custom', ['api::person.person.create']) }), { scopedHello: 'in scope' });
});

test('extension resolvers read through context.find; relations load on demand', async () => {
  assert.equal(await gqlData(s, '{ postStats { count titles } }'), { postStats: { count: 3, titles: ['first', 'second', 'third'] } });
  const d = await gqlData(s, '{ latestPosts { id attributes { title writer { data { attributes { name } } } } } }');
  assert.equal(d.latestPosts.map((e: any) => [e.attributes.title, e.attributes.writer.data.attributes.name]), [['third', 'Ada'], ['second', 'Ada']]);
});

test('the example limits come from the spec: depthLimit 8, amountLimit 50', async () => {
  const r = await gql(s, '{ posts { data { attributes { writer { data { attributes { posts { data { attributes { meta { keywords } } } } } } } } } } }');
  assert.is(r.status, 400);
  assert.match(r.body.errors[0].message, /maximum operation depth of 8/);
  const d = await gqlData(s, '{ people(pagination: { pageSize: 500 }) { meta { pagination { pageSize } } } }');
  assert.is(d.people.meta.pagination.pageSize, 50);
});

test('a bad extension fails the build with the file named', async () => {
  const spec = copySpec('graphql-extension');
  writeFileSync(join(spec, 'config', 'graphql-extension.mjs'), 'export default { typeDefs: "extend type Query { broken: Nope }" };\n');
  const r = await runCli(buildCli, ['build', '--src', spec, '--out', join(tempDir(), 'artifacts')]);
  assert.is(r.code, 1);
  assert.match(r.err.join('\n'), /config\/graphql-extension\.mjs: \/typeDefs: typeDefs do not extend the generated schema: Unknown type "Nope"/);
  writeFileSync(join(spec, 'config', 'graphql-extension.mjs'), 'export default 42;\n');
  const r2 = await runCli(buildCli, ['build', '--src', spec, '--out', join(tempDir(), 'artifacts')]);
  assert.is(r2.code, 1);
  assert.match(r2.err.join('\n'), /config\/graphql-extension\.mjs: the default export must be an object/);
});

test.run();
