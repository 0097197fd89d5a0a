/**
 * engine/http: createdBy / updatedBy in REST answers. Entries of a content-type with
 * `options.populateCreatorFields` carry `createdBy` and `updatedBy` ({ id, firstname, lastname } or
 * null) in every top-level entry's attributes; never otherwise, and never in GraphQL. The columns are
 * written by auth/stamp-creator.ts.
 */
import type { RestEntry } from '../response/shape-entry.js';
import type { EngineContext, RestResult } from './engine-context.js';

const isEntry = (v: unknown): v is RestEntry => typeof v === 'object' && v !== null && typeof (v as RestEntry).id === 'number' && typeof (v as RestEntry).attributes === 'object';

/** adds createdBy/updatedBy to the entries of a REST answer `{ data: entry | entry[] }` of `uid` */
export async function attachCreators(ctx: EngineContext, uid: string, result: RestResult): Promise<void> {
  if (!ctx.model.contentTypes[uid]?.populateCreatorFields) return;
  const data = (result.body as { data?: unknown } | undefined)?.data;
  const entries = (Array.isArray(data) ? data : [data]).filter(isEntry);
  if (entries.length === 0) return;
  const creators = await ctx.repo.creators.read(uid, entries.map((e) => e.id));
  for (const e of entries) {
    const pair = creators.get(e.id);
    e.attributes.createdBy = pair?.createdBy ?? null;
    e.attributes.updatedBy = pair?.updatedBy ?? null;
  }
}
