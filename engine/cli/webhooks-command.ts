/**
 * engine/cli: `quire webhooks list | deliveries [--failed] [--limit N] | test <name>`, on the
 * artifacts and the database DATABASE_URL names. `list` shows the webhooks (config/webhooks.json and
 * `strapi_webhooks`), `deliveries` the latest deliveries with status and attempts, `test` sends
 * Strapi's `trigger-test` event to one webhook now and prints the receiver's answer.
 */
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../config/data-dir.js';
import type { WebhookSettings } from '../config/webhook-settings.js';
import type { Repository, WebhookDeliveryRecord } from '../repository/types.js';
import { postWebhook, triggerTestPayload, WebhookSet } from '../webhooks/index.js';
import { openProject } from './open-project.js';

type Io = { log: (s: string) => void; err: (s: string) => void };

export const WEBHOOKS_USAGE = `  webhooks list --artifacts <dir> [--data-dir <dir>]
  webhooks deliveries --artifacts <dir> [--data-dir <dir>] [--failed] [--limit N]
  webhooks test <name> --artifacts <dir> [--data-dir <dir>]`;

/** rows as columns padded to their widest cell */
function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n');
}

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

function deliveryRow(d: WebhookDeliveryRecord): string[] {
  const when = d.status === 'pending' ? `next ${iso(d.nextAttemptAt)}` : `${d.status} ${iso(d.finishedAt)}`;
  return [String(d.id), d.deliveryId, d.webhook, d.event, d.status, String(d.attempts), d.lastStatus === null ? '-' : String(d.lastStatus), iso(d.createdAt), when, d.lastError ?? ''];
}

async function withRepo<T>(artifactsDir: string, dataDir: string | undefined, fn: (repo: Repository, set: WebhookSet, settings: WebhookSettings) => Promise<T>): Promise<T> {
  const { artifacts, config, repo } = await openProject(artifactsDir, resolveDataDir(dataDir, process.env));
  const { model } = artifacts;
  try {
    const set = new WebhookSet(model.config.webhooks, repo);
    await set.refresh();
    return await fn(repo, set, config.webhooks);
  } finally {
    await repo.close();
  }
}

export async function webhooksCommand(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { artifacts: { type: 'string' }, 'data-dir': { type: 'string' }, failed: { type: 'boolean' }, limit: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (!['list', 'deliveries', 'test'].includes(sub ?? '')) {
    io.err(`quire webhooks: unknown subcommand "${sub ?? ''}"\nusage:\n${WEBHOOKS_USAGE}`);
    return 2;
  }
  if (!values.artifacts) {
    io.err(`quire webhooks ${sub}: --artifacts is required\nusage:\n${WEBHOOKS_USAGE}`);
    return 2;
  }
  if (sub === 'list')
    return withRepo(values.artifacts, values['data-dir'], async (_repo, set) => {
      const all = set.all();
      if (all.length === 0) {
        io.log('no webhooks (declare them in config/webhooks.json)');
        return 0;
      }
      io.log(table([['NAME', 'SOURCE', 'ENABLED', 'URL', 'EVENTS'], ...all.map((w) => [w.name, w.source, w.enabled ? 'yes' : 'no', w.url, w.events.join(',')])]));
      return 0;
    });
  if (sub === 'deliveries') {
    const limit = Number(values.limit ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
      io.err('quire webhooks deliveries: --limit must be an integer between 1 and 10000');
      return 2;
    }
    return withRepo(values.artifacts, values['data-dir'], async (repo) => {
      const rows = await repo.webhooks.list({ failed: values.failed === true, limit });
      if (rows.length === 0) {
        io.log(values.failed ? 'no failed deliveries' : 'no deliveries');
        return 0;
      }
      io.log(table([['ID', 'DELIVERY', 'WEBHOOK', 'EVENT', 'STATUS', 'ATTEMPTS', 'HTTP', 'CREATED', 'WHEN', 'ERROR'], ...rows.map(deliveryRow)]));
      return 0;
    });
  }
  const [name] = positionals;
  if (!name) {
    io.err(`quire webhooks test: name the webhook\nusage:\n${WEBHOOKS_USAGE}`);
    return 2;
  }
  return withRepo(values.artifacts, values['data-dir'], async (_repo, set, settings) => {
    const w = set.byName(name);
    if (!w) {
      io.err(`quire webhooks test: no webhook named "${name}" (quire webhooks list shows them)`);
      return 1;
    }
    const r = await postWebhook({ url: w.url, event: 'trigger-test', body: JSON.stringify(triggerTestPayload(new Date())), headers: Object.fromEntries(Object.entries(w.headers).map(([k, v]) => [k, settings.expand(v)])), secret: settings.secretOf(w.secretEnv), timeoutMs: settings.timeoutMs });
    if (r.ok) io.log(`${name}: ${w.url} answered ${r.status}`);
    else io.err(`quire webhooks test: ${name}: ${w.url} ${r.status === null ? `did not answer (${r.error})` : `answered ${r.status}`}`);
    return r.ok ? 0 : 1;
  });
}
