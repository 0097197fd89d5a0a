/**
 * integration (webhooks): artifacts of the example spec with a config/webhooks.json pointing at
 * local receivers, and servers on them with quick polling and retries.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSpec } from '../../../compiler/compile.js';
import { copySpec, EXAMPLE_SPEC, tempDir, writeJsonFile } from '../../helpers/spec-dir.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

export const SECRET = 'webhook-test-secret';
export const FAST = { WEBHOOKS_POLL_MS: '50', WEBHOOKS_BACKOFF_MS: '100', WEBHOOKS_BACKOFF_MAX_MS: '400', WEBHOOKS_TIMEOUT_MS: '2000', HOOK_SECRET: SECRET };

/** Build the example (or `specDir`) with these webhooks into a fresh artifacts dir. */
export async function webhookArtifacts(webhooks: unknown, specDir = EXAMPLE_SPEC): Promise<string> {
  const spec = copySpec(specDir);
  writeJsonFile(join(spec, 'config', 'webhooks.json'), webhooks);
  const { files } = await compileSpec(spec);
  const out = tempDir('quire-webhook-artifacts-');
  mkdirSync(out, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(out, name), content);
  return out;
}

export function startWebhookServer(name: string, artifactsDir: string, env: Record<string, string> = {}, databaseUrl?: string): Promise<TestServer> {
  return startTestServer({ name, artifactsDir, env: { ...FAST, ...env }, ...(databaseUrl && { databaseUrl }) });
}
