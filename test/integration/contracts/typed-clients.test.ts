/**
 * integration (contracts): the artifacts make real typed clients. In a temp dir (never committed),
 * openapi-typescript turns specs/example/artifacts/openapi.json into types for openapi-fetch and
 * GraphQL Code Generator (client preset) turns schema.graphql plus the operations of a small program
 * into typed documents; `tsc --noEmit` checks each program (its `@ts-expect-error` lines prove the
 * types are not `any`), then the compiled program runs against a live server. The README's "Typed
 * clients" section gives the same commands.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { EXAMPLE_SPEC, REPO_ROOT, tempDir } from '../../helpers/spec-dir.js';

const ARTIFACTS = join(EXAMPLE_SPEC, 'artifacts');
const bin = (pkg: string, file: string) => join(REPO_ROOT, 'node_modules', pkg, file);
const TSC = bin('typescript', 'bin/tsc');

let s: TestServer;
let token: string;
let dir: string;

function run(args: string[], cwd = dir): string {
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  assert.is(r.status, 0, `${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

const REST_PROGRAM = `import createClient from 'openapi-fetch';
import qs from 'qs';
import type { paths } from './api.js';

/** Creates a tag, finds it by filter and by id, and reads a 404, all typed from openapi.json. */
export async function run(baseUrl: string, token: string) {
  // Strapi's nested filters/populate need qs's bracket syntax (openapi-fetch's own serializer stops at one level)
  const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${token}\` }, querySerializer: (q) => qs.stringify(q, { encodeValuesOnly: true }) });
  const created = await client.POST('/api/tags', { body: { data: { name: 'typed-rest' } } });
  if (!created.data) throw new Error(\`create answered \${created.response.status}\`);
  const id: number = created.data.data.id;
  const list = await client.GET('/api/tags', { params: { query: { filters: { name: { $eq: 'typed-rest' } }, sort: 'name:asc' } } });
  const names: string[] = (list.data?.data ?? []).map((t) => t.attributes.name ?? '');
  const total: number | undefined = list.data?.meta.pagination?.total;
  const one = await client.GET('/api/tags/{id}', { params: { path: { id } } });
  // @ts-expect-error: a tag has no such attribute
  void one.data?.data.attributes.nope;
  // @ts-expect-error: the body of a create is {data: {...}}
  const wrongBody = () => client.POST('/api/tags', { body: { name: 'flat' } });
  void wrongBody;
  const missing = await client.GET('/api/tags/{id}', { params: { path: { id: 987654 } } });
  const errorName: string | undefined = missing.error?.error.name;
  return { id, names, total, name: one.data?.data.attributes.name, missing: missing.response.status, errorName };
}
`;

const GRAPHQL_PROGRAM = `import { print } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { graphql } from './generated/index.js';

const CreateTag = graphql(\`
  mutation CreateTag($name: String!) { createTag(data: { name: $name }) { data { id attributes { name } } } }
\`);
const FindTags = graphql(\`
  query FindTags($name: String) { tags(filters: { name: { eq: $name } }, sort: ["name:asc"]) { data { id attributes { name } } meta { pagination { total } } } }
\`);

async function request<R, V>(url: string, token: string, document: TypedDocumentNode<R, V>, variables: V): Promise<R> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: \`Bearer \${token}\` }, body: JSON.stringify({ query: print(document), variables }) });
  const body = (await res.json()) as { data?: R; errors?: { message: string }[] };
  if (!body.data || body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Creates a tag and finds it, with results and variables typed from schema.graphql. */
export async function run(baseUrl: string, token: string) {
  const url = baseUrl + '/graphql';
  const created = await request(url, token, CreateTag, { name: 'typed-graphql' });
  const id: string | null | undefined = created.createTag?.data?.id;
  const found = await request(url, token, FindTags, { name: 'typed-graphql' });
  const names: string[] = (found.tags?.data ?? []).map((t) => t.attributes?.name ?? '');
  // @ts-expect-error: not selected, so not in the result type
  void found.tags?.data[0]?.attributes?.createdAt;
  // @ts-expect-error: $name is a String
  const wrongVariables = () => request(url, token, FindTags, { name: 42 });
  void wrongVariables;
  return { id, names, total: found.tags?.meta.pagination.total };
}
`;

test.before(async () => {
  s = await startTestServer({ name: 'typed-clients' });
  token = await s.token('full-access');
  dir = tempDir('quire-typed-clients-');
  // the programs resolve openapi-fetch, graphql... from this checkout's node_modules
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, lib: ['ES2023', 'DOM'], types: ['qs'], skipLibCheck: true, outDir: 'out' }, include: ['rest', 'graphql'] }),
  );
  mkdirSync(join(dir, 'rest'));
  mkdirSync(join(dir, 'graphql'));
});
test.after(async () => s.stop());

test('openapi-typescript + openapi-fetch: generated, type-checked, run against the server', async () => {
  run([bin('openapi-typescript', 'bin/cli.js'), join(ARTIFACTS, 'openapi.json'), '--output', 'rest/api.d.ts']);
  assert.match(readFileSync(join(dir, 'rest', 'api.d.ts'), 'utf8'), /"\/api\/tags\/\{id\}": \{/);
  writeFileSync(join(dir, 'rest', 'client.ts'), REST_PROGRAM);
  run([TSC, '--noEmit', '-p', 'tsconfig.json']);
  writeFileSync(join(dir, 'rest', 'broken.ts'), `import type { paths } from './api.js';\nexport const n: paths['/api/tags']['get']['responses'][200]['content']['application/json']['data'][0]['id'] = 'one';\n`);
  const broken = spawnSync(process.execPath, [TSC, '--noEmit', '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
  assert.is(broken.status, 2, 'an id typed as string does not compile');
  assert.match(broken.stdout, /broken\.ts.*Type 'string' is not assignable to type 'number'/);
  writeFileSync(join(dir, 'rest', 'broken.ts'), 'export {};\n');
});

test('GraphQL Code Generator (client preset): generated, type-checked, run against the server', async () => {
  writeFileSync(join(dir, 'graphql', 'client.ts'), GRAPHQL_PROGRAM);
  writeFileSync(
    join(dir, 'codegen.json'),
    JSON.stringify({
      schema: join(ARTIFACTS, 'schema.graphql'),
      documents: ['graphql/client.ts'],
      emitLegacyCommonJSImports: false,
      generates: { 'graphql/generated/': { preset: 'client', presetConfig: { fragmentMasking: false }, config: { useTypeImports: true, enumsAsTypes: true } } },
    }),
  );
  run([bin('@graphql-codegen/cli', 'cjs/bin.js'), '--config', 'codegen.json', '--silent']);
  assert.match(readFileSync(join(dir, 'graphql', 'generated', 'graphql.ts'), 'utf8'), /export type FindTagsQuery = /);
  run([TSC, '--noEmit', '-p', 'tsconfig.json']);
});

test('both programs compile and run against the live server', async () => {
  run([TSC, '-p', 'tsconfig.json']);
  const rest = await import(pathToFileURL(join(dir, 'out', 'rest', 'client.js')).href);
  const r = await rest.run(s.url, token);
  assert.equal(r.names, ['typed-rest']);
  assert.is(r.total, 1);
  assert.is(r.name, 'typed-rest');
  assert.is(r.missing, 404);
  assert.is(r.errorName, 'NotFoundError');
  const graphql = await import(pathToFileURL(join(dir, 'out', 'graphql', 'client.js')).href);
  const g = await graphql.run(s.url, token);
  assert.ok(typeof g.id === 'string' && g.id.length > 0);
  assert.equal(g.names, ['typed-graphql']);
  assert.is(g.total, 1);
});

test.run();
