/**
 * engine/webhooks: sends the outbox. Every `pollMs`, and at once after a change is committed here,
 * it claims due deliveries (one atomic statement: several processes share the outbox and each row is
 * taken by one of them), posts each, and settles the attempt: delivered on a 2xx; else pending again
 * after an exponential, capped wait, or failed after `maxAttempts`. Headers and the secret are the
 * webhook's at the time of sending (a rotated token applies to retries). A process that dies holding
 * claims loses them when their lease ends. Delivered and failed rows are deleted after
 * WEBHOOKS_RETENTION_DAYS. Requests never wait for any of this.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { BaseLogger as Logger } from 'pino';
import type { Repository, WebhookDeliveryRecord } from '../repository/types.js';
import { retryDelay } from './backoff.js';
import { postWebhook } from './post-webhook.js';
import type { WebhookSet } from './webhook-set.js';
import type { WebhookSettings } from '../config/webhook-settings.js';

/** deliveries claimed (and sent concurrently) per round */
const BATCH = 16;
/** how often Strapi's strapi_webhooks table is re-read and finished deliveries past their retention deleted */
const REFRESH_MS = 10_000;

export class WebhookDispatcher {
  /** this process's name on the rows it claims */
  readonly worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private lastRefresh = 0;
  private readonly abort = new AbortController();

  constructor(
    private readonly repo: Repository,
    private readonly webhooks: WebhookSet,
    private readonly settings: WebhookSettings,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** poll every `pollMs` from now on (the timer does not keep the process alive) */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.nudge(), this.settings.pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** look for due deliveries now (after a commit); a drain already running goes round once more */
  nudge(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err) => this.log.error({ err }, 'webhook deliveries: a round failed'))
      .finally(() => {
        this.draining = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** claim and send until nothing is due (tests await it) */
  async drain(): Promise<void> {
    if (this.now() - this.lastRefresh >= REFRESH_MS) {
      this.lastRefresh = this.now();
      await this.webhooks.refresh();
      if (this.settings.retentionMs > 0) await this.repo.webhooks.prune(this.now() - this.settings.retentionMs);
    }
    while (!this.stopped) {
      const claimed = await this.repo.webhooks.claim(this.worker, this.now(), this.settings.leaseMs, BATCH);
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((d) => this.attempt(d)));
    }
  }

  /** stop polling; attempts in flight are cut and their claims given back (pending, as they were) */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.abort.abort();
    await this.draining;
  }

  private async attempt(d: WebhookDeliveryRecord): Promise<void> {
    const webhook = this.webhooks.byName(d.webhook);
    if (webhook && !webhook.enabled) {
      // disabled since the change: not sent, as Strapi sends nothing to a disabled webhook
      const at = this.now();
      await this.repo.webhooks.settle(d.id, this.worker, { status: 'failed', attempts: d.attempts, nextAttemptAt: at, lastStatus: null, lastError: 'the webhook is disabled', finishedAt: at });
      this.log.warn({ webhook: d.webhook, event: d.event, delivery: d.deliveryId }, 'webhook delivery dropped: the webhook is disabled');
      return;
    }
    // a webhook this process does not know (removed, or added by a newer deploy another process runs):
    // a failed attempt, so the others may still send it before the attempts run out
    const result = webhook
      ? await postWebhook({
        url: d.url, event: d.event, body: d.payload, headers: Object.fromEntries(Object.entries(webhook.headers).map(([k, v]) => [k, this.settings.expand(v)])),
        deliveryId: d.deliveryId, secret: this.settings.secretOf(webhook.secretEnv), timeoutMs: this.settings.timeoutMs, signal: this.abort.signal,
      })
      : { ok: false, status: null, error: `no webhook named "${d.webhook}" in this process's configuration` };
    const at = this.now();
    if (this.abort.signal.aborted && !result.ok) {
      await this.repo.webhooks.settle(d.id, this.worker, { ...d, nextAttemptAt: at, finishedAt: null }).catch(() => undefined);
      return;
    }
    const attempts = d.attempts + 1;
    const failed = !result.ok && attempts >= this.settings.maxAttempts;
    const nextAttemptAt = result.ok || failed ? at : at + retryDelay(attempts, this.settings.backoffMs, this.settings.backoffMaxMs);
    const status = result.ok ? 'delivered' : failed ? 'failed' : 'pending';
    const kept = await this.repo.webhooks.settle(d.id, this.worker, {
      status, attempts, nextAttemptAt, lastStatus: result.status, lastError: result.error, finishedAt: status === 'pending' ? null : at,
    });
    const about = { webhook: d.webhook, event: d.event, delivery: d.deliveryId, attempts, status: result.status };
    if (!kept) this.log.warn(about, 'webhook delivery: claim lost before the attempt was recorded (it may be sent again)');
    else if (failed) this.log.error({ ...about, error: result.error }, 'webhook delivery failed: no more attempts');
    else if (!result.ok) this.log.warn({ ...about, error: result.error, retryAt: new Date(nextAttemptAt).toISOString() }, 'webhook delivery failed: will retry');
  }
}
