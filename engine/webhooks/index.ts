/**
 * engine/webhooks: Strapi v4's webhooks, durable. `createWebhooks` reads the webhooks (artifacts and
 * `strapi_webhooks`) once at boot and returns nothing when there are none to send to; otherwise the
 * outbox the action layer records changes into and the dispatcher that sends them.
 */
import type { BaseLogger as Logger } from 'pino';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { Repository } from '../repository/types.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { WebhookSet } from './webhook-set.js';
import type { WebhookSettings } from '../config/webhook-settings.js';

export interface Webhooks {
  readonly set: WebhookSet;
  readonly outbox: WebhookOutbox;
  readonly dispatcher: WebhookDispatcher;
}

export async function createWebhooks(model: NormalizedModel, repo: Repository, settings: WebhookSettings, log: Logger): Promise<Webhooks | undefined> {
  const set = new WebhookSet(model.config.webhooks, repo);
  await set.refresh();
  if (!set.active) return undefined;
  return { set, outbox: new WebhookOutbox(model, set), dispatcher: new WebhookDispatcher(repo, set, settings, log) };
}

export { WebhookSet } from './webhook-set.js';
export { postWebhook } from './post-webhook.js';
export { triggerTestPayload } from './webhook-payload.js';
