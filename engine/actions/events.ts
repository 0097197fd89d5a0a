/**
 * engine/actions: the record of one change, and the bus it is published on. Every write action
 * queues exactly one ChangeEvent inside its transaction; the queue is published after COMMIT and
 * dropped on ROLLBACK, so a subscriber never hears of a change that did not happen. A ChangeRecorder
 * (the webhook outbox) gets them inside the transaction. Knows nothing of HTTP, GraphQL or SQL.
 */
import type { Entry } from '../plan/types.js';
import type { Repository } from '../repository/types.js';

/** The change kinds, in Strapi v4's webhook names. */
export type ChangeKind =
  | 'entry.create' | 'entry.update' | 'entry.delete' | 'entry.publish' | 'entry.unpublish'
  | 'media.create' | 'media.update' | 'media.delete';

export interface ChangeEvent {
  readonly event: ChangeKind;
  /** when the change was committed */
  readonly createdAt: Date;
  /** the content-type uid, `api::article.article` or `plugin::upload.file` */
  readonly uid: string;
  /** the entry as the action read it back inside its transaction (for a delete: as it was) */
  readonly entry: Entry;
}

export type ChangeListener = (event: ChangeEvent) => void;

/**
 * Records a write's changes inside its transaction, before the COMMIT, so they commit or roll back
 * with it (the webhook outbox, engine/webhooks). Absent when nothing needs them.
 */
export interface ChangeRecorder {
  record(tx: Repository, events: readonly ChangeEvent[]): Promise<void>;
}

/**
 * Subscribers are called synchronously, in order, after the commit; one that throws is reported to
 * `onListenerError` and never reaches the request (the change is committed by then).
 *   const bus = new ChangeBus(); const off = bus.subscribe((e) => seen.push(e)); ... off();
 */
export class ChangeBus {
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly onListenerError: (err: unknown, event: ChangeEvent) => void = () => undefined) {}

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  publish(events: readonly ChangeEvent[]): void {
    for (const event of events) {
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch (err) {
          this.onListenerError(err, event);
        }
      }
    }
  }
}
