/**
 * integration (projects): read lifecycles and answers written by the database (actions/read-answer.ts).
 * A type with `afterFindMany` / `afterFindOne` is answered from its rows: its hook gets the entries as
 * objects and what it changes is what the client sees; a type without read hooks in the same project
 * is one statement (PostgreSQL).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../../compiler/cli.js';
import { requestStatements } from '../../helpers/seed-content.js';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';
import { runCli, tempDir, writeJsonFile } from '../../helpers/spec-dir.js';

const COMPILED = DIALECT === 'postgres';
let s: TestServer;
let token: string;

function project(): string {
  const root = join(tempDir(), 'hooked');
  for (const name of ['memo', 'plain']) {
    writeJsonFile(join(root, `src/api/${name}/content-types/${name}/schema.json`), {
      kind: 'collectionType',
      info: { singularName: name, pluralName: `${name}s`, displayName: name },
      options: { draftAndPublish: false },
      attributes: { text: { type: 'string' } },
    });
  }
  const file = join(root, 'src/api/memo/content-types/memo/lifecycles.js');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `'use strict';
module.exports = {
  afterFindMany(event) { for (const e of event.result) e.text = String(e.text).toUpperCase(); },
  afterFindOne(event) { if (event.result) event.result.text = '[' + event.result.text + ']'; },
};
`);
  return root;
}

test.before(async () => {
  const out = join(tempDir(), 'artifacts');
  const r = await runCli(main, ['build', '--src', project(), '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  s = await startTestServer({ name: 'compiled-read-hooks', artifactsDir: out });
  token = await s.token('full-access');
  for (const path of ['/api/memos', '/api/plains']) {
    const c = await s.request('POST', path, { body: { data: { text: 'quiet' } }, token });
    assert.is(c.status, 200, c.text);
  }
});
test.after(async () => s?.stop());

test('after hooks on reads: the rows answer and the hook changes what is sent', async () => {
  const before = s.running.app.repo.answeredInSql.count;
  const list = await s.get('/api/memos', token);
  assert.is(list.status, 200, list.text);
  assert.is(list.body.data[0].attributes.text, 'QUIET');
  const one = await s.get(`/api/memos/${list.body.data[0].id}`, token);
  assert.is(one.body.data.attributes.text, '[quiet]');
  assert.is(s.running.app.repo.answeredInSql.count, before, 'the database wrote no answer');
});

test('a type without read hooks in the same project: one statement', async () => {
  const before = s.running.app.repo.answeredInSql.count;
  s.queries.length = 0;
  const list = await s.get('/api/plains', token);
  assert.is(list.body.data[0].attributes.text, 'quiet');
  if (COMPILED) {
    assert.is(requestStatements(s.queries).length, 1, requestStatements(s.queries).join('\n'));
    assert.is(s.running.app.repo.answeredInSql.count, before + 1);
  }
});

test.run();
