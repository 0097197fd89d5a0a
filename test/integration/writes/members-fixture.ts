/**
 * integration helpers: the members fixture (test/fixtures/specs/members, a Strapi project root: a
 * draft-and-publish post with required attributes, components, a dynamic zone and media; a user
 * extension with extra fields; config/plugins.js) built into artifacts, optionally after edits, and a
 * test server on it with a full-access token.
 */
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import { main as buildMain } from '../../../compiler/cli.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../../helpers/server.js';
import { copySpec, runCli, tempDir } from '../../helpers/spec-dir.js';

export const MEMBERS = 'members';
/** a metaDescription long enough for shared.seo (minLength 50) */
export const LONG_DESCRIPTION = 'A description of this post that is long enough for the seo component.';

/** the fixture compiled after `edit(specDir)`, into a temp artifacts dir */
export async function membersArtifacts(edit: (specDir: string) => void = () => undefined): Promise<string> {
  const spec = copySpec(MEMBERS);
  edit(spec);
  const out = join(tempDir(), 'artifacts');
  const r = await runCli(buildMain, ['build', '--src', spec, '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  return out;
}

export interface MembersServer extends TestServer {
  admin: string;
}

export async function startMembers(name: string, opts: Partial<TestServerOptions> & { edit?: (specDir: string) => void } = {}): Promise<MembersServer> {
  const artifactsDir = opts.artifactsDir ?? (await membersArtifacts(opts.edit));
  const s = await startTestServer({ ...opts, name, artifactsDir });
  return Object.assign(s, { admin: await s.token('full-access') });
}

/** a complete published post body, but for the category id */
export const fullPost = (category: number, extra: Record<string, unknown> = {}) => ({
  title: 'A complete post', body: 'Body text', kind: 'story', category, seo: { metaTitle: 'Meta', metaDescription: LONG_DESCRIPTION }, ...extra,
});
