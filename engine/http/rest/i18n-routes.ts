/**
 * engine/http REST door: the i18n plugin's route, `GET /api/i18n/locales` (permission
 * `plugin::i18n.locales.listLocales`): the configured locales as a plain array
 * (`{ id, name, code, createdAt, updatedAt, isDefault }`), as Strapi's plugin answers.
 */
import { listLocales } from '../../actions/locales.js';
import { LOCALE_UID } from '../../i18n/sync-locales.js';
import { flatEntry } from '../../response/shape-flat.js';
import { ok, type Route } from '../route.js';
import type { RestDoor } from './content-routes.js';

export function i18nRoute(door: RestDoor, operationId: string, action: string): Route | undefined {
  if (action !== 'listLocales') return undefined;
  return {
    operationId,
    authenticate: true,
    permission: ['plugin::i18n.locales', 'listLocales'],
    query: 'none',
    body: 'none',
    handle: async (r) => {
      const locales = await listLocales(door.actions, r.caller);
      return ok(locales.map((e) => ({ ...flatEntry(door.actions.model, LOCALE_UID, e), isDefault: e.isDefault })));
    },
  };
}
