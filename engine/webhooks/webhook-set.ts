/**
 * engine/webhooks: the webhooks this server sends to: those of the artifacts (config/webhooks.json)
 * and, when the database is a Strapi one, the rows of `strapi_webhooks` (re-read by `refresh`, so
 * webhooks added in Strapi's admin panel are picked up while quire runs). Lookups are synchronous,
 * from the last read: a write's transaction asks which webhooks want its events.
 */
import type { WebhookConfig, WebhooksConfig } from '../../compiler/model/types.js';
import type { Repository } from '../repository/types.js';

/** a webhook of config/webhooks.json or of Strapi's table: its headers are the default headers, then its own */
export interface Webhook extends Omit<WebhookConfig, 'events'> {
  /** Strapi's rows may name events quire does not send */
  readonly events: readonly string[];
  /** config/webhooks.json, or Strapi's strapi_webhooks table */
  readonly source: 'config' | 'database';
}

export class WebhookSet {
  private readonly configured: Webhook[];
  private stored: Webhook[] = [];
  private tableSeen = false;

  constructor(config: WebhooksConfig | undefined, private readonly repo: Repository) {
    const defaults = config?.defaultHeaders ?? {};
    this.configured = (config?.webhooks ?? []).map((w) => ({ ...w, headers: { ...defaults, ...w.headers }, source: 'config' as const }));
  }

  /** re-read `strapi_webhooks` (nothing when the database has no such table) */
  async refresh(): Promise<void> {
    const rows = await this.repo.webhooks.strapiWebhooks();
    this.tableSeen = rows !== undefined;
    this.stored = (rows ?? []).map((r) => ({ name: r.name, url: r.url, headers: r.headers, events: r.events, enabled: r.enabled, source: 'database' as const }));
  }

  /** whether anything may ever be sent: a webhook declared, or Strapi's table to read them from */
  get active(): boolean {
    return this.configured.length > 0 || this.tableSeen;
  }

  all(): readonly Webhook[] {
    return [...this.configured, ...this.stored];
  }

  /** the enabled webhooks listening to `event` */
  subscribed(event: string): Webhook[] {
    return this.all().filter((w) => w.enabled && w.events.includes(event));
  }

  /** by name, the project's config first */
  byName(name: string): Webhook | undefined {
    return this.all().find((w) => w.name === name);
  }
}
