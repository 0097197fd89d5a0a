/**
 * compiler: config/webhooks.json (a list, or `{defaultHeaders, webhooks}`) compiled into model.json,
 * sorted, `enabled` true unless set false; every problem reported with its pointer; a literal secret
 * refused (it would reach the artifacts). No file: no `webhooks` key, the artifacts as before.
 */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../compiler/cli.js';
import { copySpec, readJsonFile, runCli, tempDir, writeJsonFile } from '../helpers/spec-dir.js';

async function build(webhooks?: unknown) {
  const spec = copySpec('members');
  if (webhooks !== undefined) writeJsonFile(join(spec, 'config', 'webhooks.json'), webhooks);
  const out = join(tempDir(), 'art');
  const r = await runCli(main, ['build', '--src', spec, '--out', out]);
  return { ...r, model: r.code === 0 ? readJsonFile(join(out, 'model.json')) : undefined };
}

test('webhooks compiled sorted, with defaults; no file, no key', async () => {
  const { code, err, model } = await build({
    defaultHeaders: { 'X-Site': 'members' },
    webhooks: [
      { name: 'search', url: 'https://search.example.com/hook', events: ['entry.update', 'entry.create', 'entry.update'], enabled: false },
      { name: 'next', url: 'http://127.0.0.1:3000/api/revalidate', headers: { Authorization: 'Bearer x' }, events: ['media.delete'], secretEnv: 'NEXT_WEBHOOK_SECRET' },
    ],
  });
  assert.is(code, 0, err.join('\n'));
  assert.equal(model.config.webhooks, {
    defaultHeaders: { 'X-Site': 'members' },
    webhooks: [
      { name: 'next', url: 'http://127.0.0.1:3000/api/revalidate', headers: { Authorization: 'Bearer x' }, events: ['media.delete'], enabled: true, secretEnv: 'NEXT_WEBHOOK_SECRET' },
      { name: 'search', url: 'https://search.example.com/hook', headers: {}, events: ['entry.create', 'entry.update'], enabled: false },
    ],
  });
  assert.match(err.join('\n'), 'warning:');
  assert.match(err.join('\n'), 'the value of Authorization is written to the artifacts as it is');
  const list = await build([{ name: 'a', url: 'https://a.example.com', events: [] }]);
  assert.is(list.code, 0, list.err.join('\n'));
  assert.equal(list.model.config.webhooks, { defaultHeaders: {}, webhooks: [{ name: 'a', url: 'https://a.example.com', headers: {}, events: [], enabled: true }] });
  const placeholder = await build([{ name: 'a', url: 'https://a.example.com', headers: { Authorization: 'Bearer ${env:A_TOKEN}' }, events: [] }]);
  assert.is(placeholder.code, 0);
  assert.equal(placeholder.err.filter((l) => l.includes('warning')), []);
  assert.equal(placeholder.model.config.webhooks.webhooks[0].headers, { Authorization: 'Bearer ${env:A_TOKEN}' }, 'written as it is, replaced at serve time');
  const none = await build();
  assert.is(none.code, 0);
  assert.not.ok('webhooks' in none.model.config);
});

test('every problem of the file, each with its pointer', async () => {
  const { code, err } = await build([
    { name: 'a', url: 'ftp://a.example.com', events: ['entry.create', 'entry.created'], enabled: 'yes', secret: 'plain', extra: 1 },
    { name: 'a', url: 'https://b.example.com', events: 'entry.create', headers: { 'Bad Header': 'x', Good: 3 }, secretEnv: '1-not-a-name' },
    'not an object',
  ]);
  assert.is(code, 1);
  const text = err.join('\n');
  for (const expected of [
    '/0/url: url must be an http or https URL',
    '/0/events: events must be an array of entry.create',
    '/0/enabled: enabled must be a boolean',
    '/0/secret: a secret is not written to the artifacts: set "secretEnv"',
    '/0/extra: unknown key "extra"',
    '/1/name: another webhook is named "a"',
    '/1/events: events must be an array',
    '/1/headers/Bad Header: "Bad Header" is not a valid header name',
    '/1/headers/Good: a header value must be a string',
    '/1/secretEnv: secretEnv must be the name of an environment variable',
    '/2: a webhook must be an object',
  ])
    assert.ok(text.includes(expected), `missing "${expected}" in:\n${text}`);
  const shape = await build({ hooks: [] });
  assert.is(shape.code, 1);
  assert.match(shape.err.join('\n'), 'must be an array of webhooks, or an object {defaultHeaders, webhooks}');
});

test.run();
