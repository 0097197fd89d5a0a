/**
 * integration (contracts): QUIRE_VALIDATE_RESPONSES=1 catches drift. With an openapi.json edited to
 * disagree with what the engine answers (a tag's name documented as an integer, 404 undocumented for
 * findOne), the answers become 500s naming the operation, status and error; matching answers pass.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { EXAMPLE_SPEC, tempDir } from '../../helpers/spec-dir.js';

let s: TestServer;
test.before(async () => {
  const dir = join(tempDir(), 'artifacts');
  cpSync(join(EXAMPLE_SPEC, 'artifacts'), dir, { recursive: true });
  const doc = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'));
  doc.components.schemas.TagAttributes.properties.name = { type: 'integer' };
  delete doc.paths['/api/tags/{id}'].get.responses['404'];
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
  s = await startTestServer({ name: 'contracts-validate', artifactsDir: dir, env: { QUIRE_VALIDATE_RESPONSES: '1' } });
});
test.after(async () => s.stop());

test('an answer that does not match its documented schema becomes a 500 naming the drift', async () => {
  const admin = await s.token('full-access');
  const created = await s.request('POST', '/api/tags', { token: admin, body: { data: { name: 'drift' } } });
  assert.is(created.status, 500);
  assert.is(created.body.error.name, 'InternalServerError');
  assert.equal(created.body.error.details, { operationId: 'tag.create', status: 200, errors: ['/data/attributes/name must be integer'] });
  const missing = await s.get('/api/tags/424242');
  assert.is(missing.status, 500);
  assert.match(missing.body.error.details.errors[0], /^status 404 is not documented for tag\.findOne/);
  const empty = await s.get('/api/categories');
  assert.is(empty.status, 200, 'answers that match pass unchanged');
  assert.equal(empty.body.data, []);
});

test.run();
