/**
 * integration: `unique: true` on `text` and `richtext` attributes (long text columns: MySQL and
 * MariaDB index them through a hash of the whole value, not a prefix). A value taken is the 400
 * naming the attribute, on create and on update; long values that differ only past the first few
 * thousand characters are distinct; NULLs never collide.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main as buildMain } from '../../../compiler/cli.js';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';
import { copySpec, EXAMPLE_SPEC, editJson, runCli, tempDir } from '../../helpers/spec-dir.js';

let s: TestServer;
let admin: string;

test.before(async () => {
  const spec = copySpec(EXAMPLE_SPEC);
  editJson(spec, 'api/tag/content-types/tag/schema.json', (schema) => {
    schema.attributes.summary = { type: 'text', unique: true };
    schema.attributes.notes = { type: 'richtext', unique: true };
  });
  const artifacts = tempDir('quire-unique-text-');
  const built = await runCli(buildMain, ['build', '--src', spec, '--out', artifacts]);
  assert.is(built.code, 0, built.err.join('\n'));
  s = await startTestServer({ name: 'unique-text', artifactsDir: artifacts });
  admin = await s.token('full-access');
});
test.after(async () => s?.stop());

const taken = (attribute: string) => ({
  data: null,
  error: { status: 400, name: 'ValidationError', message: 'This attribute must be unique', details: { errors: [{ path: [attribute], message: 'This attribute must be unique', name: 'ValidationError' }] } },
});
const post = (data: Record<string, unknown>) => s.request('POST', '/api/tags', { token: admin, body: { data } });

test(`[${DIALECT}] a text or richtext value taken is the 400 naming the attribute, on create and on update`, async () => {
  const first = await post({ name: 'first', summary: 'A summary', notes: '# Notes\n\nSome **rich** text' });
  assert.is(first.status, 200, first.text);
  assert.equal((await post({ name: 'second', summary: 'A summary' })).body, taken('summary'));
  assert.equal((await post({ name: 'third', notes: '# Notes\n\nSome **rich** text' })).body, taken('notes'));
  const other = await post({ name: 'fourth', summary: 'a summary' });
  assert.is(other.status, 200, `case counts: ${other.text}`);
  const put = await s.request('PUT', `/api/tags/${other.body.data.id}`, { token: admin, body: { data: { summary: 'A summary' } } });
  assert.equal(put.body, taken('summary'));
});

test(`[${DIALECT}] long values are compared whole: equal past 3000 characters but different after are distinct; NULLs never collide`, async () => {
  const long = 'x'.repeat(5000);
  assert.is((await post({ name: 'long-a', summary: `${long}a` })).status, 200);
  const b = await post({ name: 'long-b', summary: `${long}b` });
  assert.is(b.status, 200, `a prefix index would refuse this: ${b.text}`);
  assert.equal((await post({ name: 'long-a-again', summary: `${long}a` })).body, taken('summary'));
  assert.is((await post({ name: 'no-summary-1' })).status, 200);
  assert.is((await post({ name: 'no-summary-2' })).status, 200);
});

test.run();
