/**
 * engine/actions: the frame of every write. `runWrite` opens one transaction, hands the action a
 * repository bound to it and a queue for its change, stamps the queued changes, gives them to the
 * context's recorder (the webhook outbox) inside the transaction, commits, and only then publishes
 * them on the bus. A failure anywhere rolls everything back, recorded changes included, and
 * publishes nothing.
 */
import type { Entry } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import type { ActionContext } from './action-context.js';
import type { ChangeEvent, ChangeKind } from './events.js';

/** The changes one write queues; published after the commit. */
export class ChangeQueue {
  readonly changes: Omit<ChangeEvent, 'createdAt'>[] = [];

  add(event: ChangeKind, uid: string, entry: Entry): void {
    this.changes.push({ event, uid, entry });
  }
}

/**
 *   const entry = await runWrite(ctx, async (tx, queue) => { const id = await tx.create(plan); ...; queue.add('entry.create', uid, e); return e; });
 */
export async function runWrite<T>(ctx: ActionContext, fn: (tx: Repository, queue: ChangeQueue) => Promise<T>): Promise<T> {
  const queue = new ChangeQueue();
  let events: ChangeEvent[] = [];
  const result = await ctx.repo.transaction(async (tx) => {
    const r = await fn(tx, queue);
    if (queue.changes.length > 0) {
      const createdAt = ctx.now();
      events = queue.changes.map((c) => ({ ...c, createdAt }));
      if (ctx.recorder) await ctx.recorder.record(tx, events);
    }
    return r;
  });
  if (events.length > 0) ctx.changes.publish(events);
  return result;
}
