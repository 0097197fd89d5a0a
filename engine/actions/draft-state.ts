/**
 * engine/actions: an update of a draft-and-publish entry is planned by the entry's state before the
 * write, as Strapi v4 decides: a draft that stays a draft skips the required and minLength checks; a
 * published entry is checked in full. Publishing a draft is checked in full too, including the stored
 * values the update does not send (plan/check-publishable.ts). Runs inside the write's transaction.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { ValidationError, type ValidationIssue } from '../errors/index.js';
import { planReadPublishable, planUpdate, publishIssues, type WriteOptions } from '../plan/index.js';
import type { UpdatePlan } from '../plan/types.js';
import type { Repository } from '../repository/types.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The update plan of entry `id` (undefined when there is no such entry; types without draft and
 * publish are planned as they are, without a read).
 *   await planEntryUpdate(tx, model, 'api::post.post', 4, { data: { publishedAt: '2024-05-01T00:00:00Z' } }, { now })
 *   -> ValidationError "title must be defined." when draft 4 has no title
 */
export async function planEntryUpdate(tx: Repository, model: NormalizedModel, uid: string, id: number, body: unknown, options: WriteOptions): Promise<UpdatePlan | undefined> {
  const type = model.contentTypes[uid];
  if (!type.draftAndPublish) return planUpdate(model, uid, id, body, options);
  const state = await tx.findOne({ kind: 'findOne', uid, id, fields: ['publishedAt'], populate: {}, publicationState: 'preview' });
  if (!state) return undefined;
  const draft = state.publishedAt === null || state.publishedAt === undefined;
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  if (!draft || typeof data.publishedAt !== 'string') return planUpdate(model, uid, id, body, { ...options, draft });
  // publishing a draft: what is sent and what is stored, every gap in one answer, in declared order
  const stored = await tx.findOne(planReadPublishable(model, uid, id));
  const issues = stored ? publishIssues(model, type, stored, data) : [];
  let plan: UpdatePlan | undefined;
  try {
    plan = planUpdate(model, uid, id, body, { ...options, draft });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    issues.push(...((err.details as { errors?: ValidationIssue[] }).errors ?? [err.message].map((message) => ({ path: [], message, name: "ValidationError" as const }))));
  }
  if (issues.length > 0 || !plan) {
    const rank = (path: readonly string[]) => (type.order.includes(path[0]) ? type.order.indexOf(path[0]) : type.order.length);
    throw ValidationError.of(issues.map((issue, i) => ({ issue, i })).sort((a, b) => rank(a.issue.path) - rank(b.issue.path) || a.i - b.i).map((x) => x.issue));
  }
  return plan;
}
