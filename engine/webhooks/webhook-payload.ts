/**
 * engine/webhooks: a change -> the JSON body Strapi v4 sends for it. Entry events:
 * `{ event, createdAt, model, uid, entry }` (`model` the type's singular name); media events:
 * `{ event, createdAt, media }`. The entry is flat (no data/attributes envelope) and without private
 * attributes, through the same sanitizer as the users-permissions answers (response/shape-flat.ts).
 * Pure.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { ChangeEvent } from '../actions/events.js';
import { flatEntry } from '../response/shape-flat.js';

/**
 *   webhookPayload(model, { event: 'entry.create', createdAt, uid: 'api::tag.tag', entry: { id: 3, name: 'news', ... } })
 *   -> { event: 'entry.create', createdAt: '2026-…Z', model: 'tag', uid: 'api::tag.tag', entry: { id: 3, name: 'news', ... } }
 */
export function webhookPayload(model: NormalizedModel, change: ChangeEvent): Record<string, unknown> {
  const entry = model.contentTypes[change.uid] ? flatEntry(model, change.uid, change.entry) : { id: change.entry.id };
  const createdAt = change.createdAt.toISOString();
  if (change.event.startsWith('media.')) return { event: change.event, createdAt, media: entry };
  const ct = model.contentTypes[change.uid];
  return { event: change.event, createdAt, model: ct?.singularName ?? change.uid.split('.').pop(), uid: change.uid, entry };
}

/** Strapi's `trigger-test` body, sent by its Settings -> Webhooks "Trigger" button (and `quire webhooks test`). */
export function triggerTestPayload(now: Date): Record<string, unknown> {
  return { event: 'trigger-test', createdAt: now.toISOString() };
}
