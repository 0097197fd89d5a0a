/**
 * engine/actions: the i18n plugin's `listLocales` (REST `GET /api/i18n/locales`): every configured
 * locale as an entry of `plugin::i18n.locale`, in id order, each marked `isDefault`. The rows are
 * kept equal to config/i18n.json at every start (engine/i18n/sync-locales.ts); on a database Strapi
 * manages they are Strapi's, and the default is its admin's (engine/boot/strapi-settings.ts).
 */
import type { Entry } from '../plan/types.js';
import { LOCALE_UID } from '../i18n/sync-locales.js';
import type { ActionContext, Caller } from './action-context.js';

export async function listLocales(ctx: ActionContext, _caller: Caller): Promise<Entry[]> {
  const { entries } = await ctx.repo.find({
    kind: 'find', uid: LOCALE_UID, sort: [{ path: ['id'], direction: 'asc' }], populate: {}, publicationState: 'live',
    page: { style: 'offset', start: 0, limit: 100_000, withCount: false },
  });
  const { defaultLocale } = ctx.model.config.i18n;
  return entries.map((e) => ({ ...e, isDefault: e.code === defaultLocale }));
}
