/**
 * engine/http: the REST route of the i18n plugin, `GET /api/i18n/locales`: the configured locales as
 * a plain array (`{ id, name, code, createdAt, updatedAt, isDefault }`), as Strapi's plugin answers.
 * Rows come from the i18n_locale table, which i18n/sync-locales.ts fills at start.
 */
import { LOCALE_UID } from '../i18n/sync-locales.js';
import { flatEntry } from '../response/shape-flat.js';
import type { UsersRoute } from './users-actions.js';

export const I18N_ROUTES: Readonly<Record<string, UsersRoute>> = {
  listLocales: {
    permission: ['plugin::i18n.locales', 'listLocales'],
    handle: async (ctx) => {
      const { entries } = await ctx.repo.find({
        kind: 'find', uid: LOCALE_UID, sort: [{ path: ['id'], direction: 'asc' }], populate: {}, publicationState: 'live',
        page: { style: 'offset', start: 0, limit: 100_000, withCount: false },
      });
      const { defaultLocale } = ctx.model.config.i18n;
      return { status: 200, body: entries.map((e) => ({ ...flatEntry(ctx.model, LOCALE_UID, e), isDefault: e.code === defaultLocale })) };
    },
  },
};
