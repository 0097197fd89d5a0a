/**
 * compiler/normalize: config/webhooks.json -> the model's webhooks: sorted by name, events sorted,
 * `enabled` true unless set false, headers as written. Pure; rules/webhooks-config.ts has checked it.
 */
import type { RawSpec } from '../load/load-spec.js';
import type { WebhookConfig, WebhookEvent, WebhooksConfig } from '../model/types.js';
import { isObject, type Json } from '../rules/rule-context.js';
import { webhookList } from '../rules/webhooks-config.js';

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);
const sortedHeaders = (h: unknown): Record<string, string> => (isObject(h) ? Object.fromEntries((Object.entries(h) as [string, string][]).sort(byKey)) : {});

export function normalizeWebhooks(spec: RawSpec): { webhooks?: WebhooksConfig } {
  const value = spec.config.webhooks?.value;
  if (value === undefined) return {};
  const webhooks = (webhookList(value) as Json[])
    .map((w): WebhookConfig => ({
      name: w.name as string,
      url: w.url as string,
      headers: sortedHeaders(w.headers),
      events: [...new Set(w.events as WebhookEvent[])].sort(),
      enabled: w.enabled !== false,
      ...(typeof w.secretEnv === 'string' ? { secretEnv: w.secretEnv } : {}),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { webhooks: { defaultHeaders: sortedHeaders(isObject(value) ? value.defaultHeaders : undefined), webhooks } };
}
