/**
 * engine/actions: the i18n plugin's steps of a write, run by the entry actions inside their
 * transaction: find a single type's entry of one locale, refuse a change of locale on update,
 * create a localization of an entry (linked to the whole group, shared values copied) and push the
 * shared (non-localized) attributes of a written entry to its other localizations. The planners
 * decide what to write; the repository writes it; nothing here builds SQL.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { NotFoundError, ValidationError } from '../errors/index.js';
import { planCreate, planCreateLocalization, planReadShared, planUpdate, sharedBody, touchesShared, type WriteOptions } from '../plan/index.js';
import type { CreatePlan, Entry, UpdatePlan, WriteData } from '../plan/types.js';
import { planEntryUpdate } from './draft-state.js';
import type { Repository } from '../repository/types.js';
import { messages, validationIssue } from '../errors/validation-catalog.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The write's options, and a check every planned write passes before it is sent (the caller's readable targets). */
export interface WriteSteps extends WriteOptions {
  readonly guard?: (data: WriteData) => void;
}

/** The id of a single type's entry in `locale` (types without i18n: the one entry). */
export async function singleEntryId(tx: Repository, uid: string, locale: string | undefined): Promise<number | undefined> {
  const entry = await tx.findOne({ kind: 'findOne', uid, populate: {}, publicationState: 'preview', fields: [], ...(locale !== undefined && { locale }) });
  return entry?.id;
}

/** Any entry of a single type: the source a new locale of it is linked to. */
async function anySingleEntryId(tx: Repository, uid: string): Promise<number | undefined> {
  return (await tx.findOne({ kind: 'findOne', uid, populate: {}, publicationState: 'preview', fields: [] }))?.id;
}

/** An update may repeat the entry's locale but never change it (Strapi ignores the change; quire says so). */
export async function refuseLocaleChange(tx: Repository, uid: string, id: number, locale: string | undefined): Promise<void> {
  if (locale === undefined) return;
  const entry = await tx.findOne({ kind: 'findOne', uid, id, fields: ['locale'], populate: {}, publicationState: 'preview' });
  if (entry && entry.locale !== locale) {
    throw ValidationError.of([validationIssue(['locale'], messages.localeChange(String(entry.locale)))]);
  }
}

/**
 * After a write of entry `id` whose body (`data`) set shared attributes: give every other
 * localization of the entry the same shared values (components are copied, not shared).
 */
export async function syncSharedAttributes(tx: Repository, model: NormalizedModel, uid: string, id: number, data: unknown, now: Date): Promise<void> {
  const type = model.contentTypes[uid];
  if (!type.localized || !isRecord(data) || !touchesShared(type, data)) return;
  const entry = await tx.findOne(planReadShared(model, uid, id));
  const others = (entry?.localizations as Entry[] | undefined) ?? [];
  if (!entry || others.length === 0) return;
  const body = { data: sharedBody(model, type, entry) };
  // copies of values already checked: a localization that is a draft takes them as a draft would
  for (const other of others) await tx.update(planUpdate(model, uid, other.id, body, { now, draft: other.publishedAt === null }));
}

/**
 * `POST /api/<plural>/:id/localizations` (single types: `/api/<singular>/localizations`, from the
 * entry of any locale) and GraphQL `create<Name>Localization`: the new entry's id. `body` is
 * unwrapped (`{ name, locale }`). 404 "Entity not found" when there is no source entry.
 */
export async function createLocalization(
  tx: Repository, model: NormalizedModel, uid: string, sourceId: number | undefined, body: unknown, options: WriteSteps,
): Promise<number> {
  const id = sourceId ?? (model.contentTypes[uid].kind === 'singleType' ? await anySingleEntryId(tx, uid) : undefined);
  const source = id === undefined ? undefined : await tx.findOne(planReadShared(model, uid, id));
  if (!source) throw new NotFoundError('Entity not found');
  return writeLocalization(tx, model, uid, planCreateLocalization(model, uid, source, body, options), body, options);
}

/**
 * A single type's first entry in a locale when another locale exists (REST PUT `?locale=fr`,
 * GraphQL `update<Name>(locale: fr)`): created as a localization of the existing entries.
 * undefined when the type has no entry yet (the caller creates a plain one).
 */
export async function createSingleLocalization(
  tx: Repository, model: NormalizedModel, uid: string, locale: string, data: Record<string, unknown>, options: WriteSteps,
): Promise<number | undefined> {
  const sourceId = await anySingleEntryId(tx, uid);
  if (sourceId === undefined) return undefined;
  const source = await tx.findOne(planReadShared(model, uid, sourceId));
  if (!source) return undefined;
  const { now } = options;
  const body = { ...data, locale, ...(Object.hasOwn(data, 'publishedAt') ? {} : { publishedAt: options.draftByDefault ? null : now.toISOString() }) };
  return writeLocalization(tx, model, uid, planCreateLocalization(model, uid, source, body, options), body, options);
}

async function writeLocalization(tx: Repository, model: NormalizedModel, uid: string, plan: CreatePlan, body: unknown, options: WriteSteps): Promise<number> {
  options.guard?.(plan.data);
  const id = await tx.create(plan);
  await syncSharedAttributes(tx, model, uid, id, body, options.now);
  return id;
}

/**
 * PUT on a single type (REST) or `update<Name>` (GraphQL): update the entry of `locale` (undefined
 * without i18n), keeping the shared attributes of its localizations in sync, or create it; a new
 * locale of an existing single type becomes a localization of it. `body` is `{ data }`; a change of
 * locale is refused. Returns the entry's id and whether it was created.
 */
export async function writeSingleType(
  tx: Repository, model: NormalizedModel, uid: string, locale: string | undefined, body: unknown, options: WriteSteps,
): Promise<{ id: number; created: boolean }> {
  const existing = await singleEntryId(tx, uid, locale);
  if (existing !== undefined) {
    const plan = (await planEntryUpdate(tx, model, uid, existing, body, options)) as UpdatePlan;
    options.guard?.(plan.data);
    await refuseLocaleChange(tx, uid, existing, plan.locale);
    const id = (await tx.update(plan)) as number;
    await syncSharedAttributes(tx, model, uid, id, (body as { data: unknown }).data, options.now);
    return { id, created: false };
  }
  // a body without `data` is refused by the planner with its usual message
  if (!isRecord(body) || !isRecord(body.data)) return { id: await tx.create(planCreate(model, uid, body, options)), created: true };
  const data = { ...body.data, ...(locale !== undefined && { locale }) };
  const plan = planCreate(model, uid, { data }, options);
  options.guard?.(plan.data);
  const localization = locale !== undefined ? await createSingleLocalization(tx, model, uid, locale, data, options) : undefined;
  return { id: localization ?? (await tx.create(plan)), created: true };
}
