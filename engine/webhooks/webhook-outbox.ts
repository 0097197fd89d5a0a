/**
 * engine/webhooks: the ChangeRecorder of the action layer. Inside the transaction of a write, one
 * outbox row per change and per enabled webhook listening to its event, with the exact body to send
 * (headers and secrets stay out of the database: they are the webhook's when it is sent); they
 * commit or roll back with the change. Writes no row, and sends no statement, when no webhook
 * listens to the event.
 */
import { randomUUID } from 'node:crypto';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { ChangeEvent, ChangeRecorder } from '../actions/events.js';
import type { NewWebhookDelivery, Repository } from '../repository/types.js';
import { webhookPayload } from './webhook-payload.js';
import type { WebhookSet } from './webhook-set.js';

export class WebhookOutbox implements ChangeRecorder {
  constructor(private readonly model: NormalizedModel, private readonly webhooks: WebhookSet) {}

  async record(tx: Repository, events: readonly ChangeEvent[]): Promise<void> {
    const rows: NewWebhookDelivery[] = [];
    for (const event of events) {
      const targets = this.webhooks.subscribed(event.event);
      if (targets.length === 0) continue;
      const payload = JSON.stringify(webhookPayload(this.model, event));
      for (const w of targets)
        rows.push({ deliveryId: randomUUID(), webhook: w.name, url: w.url, event: event.event, payload, createdAt: event.createdAt.getTime() });
    }
    if (rows.length > 0) await tx.webhooks.enqueue(rows);
  }
}
