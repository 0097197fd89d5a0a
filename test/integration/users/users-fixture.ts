/**
 * test helpers for the users-permissions suites: register/login shortcuts, artifacts built from
 * specs/example with edits (a custom role, plugin settings), and the knex handle of a test server
 * for inserting rows the way an import from Strapi would.
 */
import { join } from 'node:path';
import type { Knex } from 'knex';
import * as assert from 'uvu/assert';
import { main as buildMain } from '../../../compiler/cli.js';
import type { TestResponse, TestServer } from '../../helpers/server.js';
import { copySpec, editJson, EXAMPLE_SPEC, runCli, tempDir } from '../../helpers/spec-dir.js';

export const PASSWORD = 'correct-horse-9';

export interface Registered {
  jwt: string;
  user: Record<string, unknown> & { id: number };
}

export async function register(s: TestServer, username: string, opts: { email?: string; password?: string; extra?: Record<string, unknown> } = {}): Promise<Registered> {
  const r = await s.request('POST', '/api/auth/local/register', {
    body: { username, email: opts.email ?? `${username}@example.com`, password: opts.password ?? PASSWORD, ...opts.extra },
  });
  assert.is(r.status, 200, r.text);
  return r.body as Registered;
}

export function login(s: TestServer, identifier: string, password = PASSWORD, headers?: Record<string, string>): Promise<TestResponse> {
  return s.request('POST', '/api/auth/local', { body: { identifier, password }, headers });
}

export function knexOf(s: TestServer): Knex {
  return (s.running.app.repo as unknown as { knex: Knex }).knex;
}

/** specs/example compiled after `edit(specDir)`, into a temp artifacts dir */
export async function exampleArtifacts(edit: (specDir: string) => void): Promise<string> {
  const spec = copySpec(EXAMPLE_SPEC);
  edit(spec);
  const out = join(tempDir(), 'artifacts');
  const r = await runCli(buildMain, ['build', '--src', spec, '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  return out;
}

/** an `editor` role that may create and update tags and list users, plus plugin settings */
export function withEditorRole(pluginConfig: Record<string, unknown> = {}): Promise<string> {
  return exampleArtifacts((spec) => {
    editJson(spec, 'config/permissions.json', (p) => {
      p.editor = ['api::tag.tag.find', 'api::tag.tag.create', 'api::tag.tag.update', 'plugin::users-permissions.user.me', 'plugin::users-permissions.user.find'];
    });
    editJson(spec, 'config/plugins.json', (p) => {
      p['users-permissions'] = { config: pluginConfig };
    });
  });
}

/** what never leaves the server, whatever the route */
export const SECRET_KEYS = /"password"|"resetPasswordToken"|"confirmationToken"|\$2[aby]\$/;
