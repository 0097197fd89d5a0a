/**
 * test (compiler/emit/openapi), acceptance: openapi-typescript, as clients would run it, turns the
 * emitted document into TypeScript without errors, with `paths` for the content API routes, and that
 * TypeScript type-checks (with a small client snippet using it) under `strict`.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { exampleDoc } from './example-model.js';

let generated: Promise<string> | undefined;
const generate = () => (generated ??= exampleDoc().then(async (doc) => astToString(await openapiTS(doc as never, { silent: true }))));

test('openapi-typescript generates paths, operations and components', async () => {
  const out = await generate();
  assert.match(out, 'export interface paths');
  assert.match(out, '"/api/articles": {');
  assert.match(out, '"/api/articles/{id}": {');
  assert.match(out, '"/api/users/me": {');
  assert.match(out, 'ArticleEntry: {');
  assert.match(out, 'export interface operations');
  assert.match(out, '"article.find": {');
  assert.match(out, '__component: "content.quote"');
});

const CLIENT = `
type Attributes = components['schemas']['ArticleAttributes'];
type Input = components['schemas']['ArticleInput'];
type List = paths['/api/articles']['get']['responses'][200]['content']['application/json'];
const ok: Attributes = { title: 'x', wordCount: '12', author: { data: null }, tags: { data: [{ id: 1, attributes: {} }] } };
// @ts-expect-error private attributes are not part of a response
const hidden: Attributes = { internalNotes: 'x' };
const input: Input = { title: 'x', format: 'news', featured: false, internalNotes: 'write only', tags: { connect: [1, { id: 2, position: { before: 1 } }] } };
const first = (l: List) => l.data[0]?.attributes.title;
export { ok, hidden, input, first };
`;

test('the generated TypeScript and a client using it type-check under strict', async () => {
  const source = (await generate()) + CLIENT;
  const file = '/virtual/openapi.ts';
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], types: [], skipLibCheck: true };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (name, lang, ...rest) => (name === file ? ts.createSourceFile(name, source, lang) : getSourceFile(name, lang, ...rest));
  host.fileExists = (name) => name === file || fileExists(name);
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], options, host));
  const messages = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  assert.equal(messages, []);
});

test.run();
