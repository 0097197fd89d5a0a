/**
 * test (compiler/emit/openapi): the document as a whole: deterministic, valid for @readme/openapi-parser,
 * the right header (no servers, generator mark), global bearer security and the shared error answers.
 */
import { validate } from '@readme/openapi-parser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitOpenApi } from '../../../../../compiler/emit/openapi/emit-openapi.js';
import { editableModel, exampleDoc, exampleModel, operationsOf, schemaOf, type Json } from './example-model.js';

test('two emits of the same model are deep-equal and byte-equal', async () => {
  const model = await exampleModel();
  const a = emitOpenApi(model);
  const b = emitOpenApi(structuredClone(model));
  assert.equal(a, b);
  assert.is(JSON.stringify(a, null, 2), JSON.stringify(b, null, 2));
});

test('the document is a plain tree: no object is shared between two places', async () => {
  const seen = new Set<object>();
  let shared = 0;
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    if (seen.has(node)) shared++;
    seen.add(node);
    for (const v of Object.values(node)) walk(v);
  };
  walk(await exampleDoc());
  assert.is(shared, 0);
});

test('paths and component names are sorted', async () => {
  const doc = await exampleDoc();
  const paths = Object.keys(doc.paths);
  assert.equal(paths, [...paths].sort());
  const names = Object.keys(doc.components.schemas);
  assert.equal(names, [...names].sort());
  for (const name of names) assert.match(name, /^[A-Za-z0-9._-]+$/);
});

test('@readme/openapi-parser accepts the document', async () => {
  const result = await validate(structuredClone(await exampleDoc()) as never);
  assert.ok(result.valid, JSON.stringify((result as { errors?: unknown }).errors ?? []).slice(0, 2000));
});

test('header: 3.0.3, generic title, generator mark, no servers', async () => {
  const doc = await exampleDoc();
  assert.is(doc.openapi, '3.0.3');
  assert.is(doc.info.title, 'quire Content API');
  assert.is(doc.info.version, '1.0.0');
  assert.is(doc.info['x-generated-by'], 'quire build; do not edit');
  assert.not.ok('servers' in doc);
});

test('paths carry the REST prefix from the model', async () => {
  const model = await editableModel();
  model.config.rest.prefix = '/content/v1/';
  const doc = emitOpenApi(model) as Json;
  assert.ok(doc.paths['/content/v1/articles']);
  assert.ok(doc.paths['/content/v1/users/me']);
  assert.not.ok(Object.keys(doc.paths).some((p) => p.startsWith('/api/')));
});

test('bearer security applies globally and no operation opts out', async () => {
  const doc = await exampleDoc();
  assert.equal(doc.components.securitySchemes.bearerAuth, {
    ...doc.components.securitySchemes.bearerAuth,
    type: 'http',
    scheme: 'bearer',
  });
  assert.equal(doc.security, [{ bearerAuth: [] }]);
  for (const { op } of operationsOf(doc)) assert.not.ok('security' in op, op.operationId);
});

test('every operation answers 400, 401, 403, 500, and 404 when an id or single type is addressed', async () => {
  const doc = await exampleDoc();
  // creations Strapi answers 201 (POST /api/users), the email confirmation link a redirect
  const success: Record<string, string> = { 'users-permissions.user.create': '201', 'users-permissions.auth.emailConfirmation': '302' };
  for (const { path, op } of operationsOf(doc)) {
    const codes = Object.keys(op.responses);
    for (const code of [success[op.operationId] ?? '200', '400', '401', '403', '500']) assert.ok(codes.includes(code), `${op.operationId} ${code}`);
    const addressed = path.includes('{id}') || path === '/api/homepage' || path === '/api/site-setting' || path === '/api/upload';
    assert.is(codes.includes('404'), addressed, `${op.operationId} 404`);
    for (const code of codes.filter((c) => Number(c) >= 400)) assert.match(op.responses[code].$ref, /^#\/components\/responses\//);
  }
});

test('the error body is {data: null, error: {status, name, message, details}}', async () => {
  const doc = await exampleDoc();
  const error = schemaOf(doc, 'Error');
  assert.equal(error.required, ['data', 'error']);
  assert.equal(error.properties.data.enum, [null]);
  assert.is(error.properties.data.nullable, true);
  assert.equal(Object.keys(error.properties.error.properties), ['status', 'name', 'message', 'details']);
  assert.is(error.properties.error.properties.status.type, 'integer');
  assert.is(error.properties.error.properties.details.type, 'object');
  assert.is(doc.components.responses.NotFound.content['application/json'].schema.$ref, '#/components/schemas/Error');
});

test('no nullable without a type and no $ref with siblings anywhere (Ajv and openapi-backend refuse them)', async () => {
  const doc = await exampleDoc();
  const problems: string[] = [];
  const walk = (node: unknown, at: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
    if (typeof node !== 'object' || node === null) return;
    const o = node as Json;
    if ('nullable' in o && !('type' in o)) problems.push(`${at}: nullable without type`);
    if (typeof o.$ref === 'string' && Object.keys(o).length > 1) problems.push(`${at}: $ref with siblings`);
    for (const [k, v] of Object.entries(o)) if (k !== 'example' && k !== 'default' && k !== 'enum') walk(v, `${at}/${k}`);
  };
  walk(doc, '#');
  assert.equal(problems, []);
});

test.run();
