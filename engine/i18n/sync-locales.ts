/**
 * engine/i18n: at every start, make the `i18n_locale` table (plugin::i18n.locale) hold exactly the
 * locales of config/i18n.json, named as Strapi names them ("French (fr)"), so that REST
 * `/api/i18n/locales` and GraphQL `i18NLocales` read ordinary rows. Idempotent; ids are kept. The
 * rows are read and written through the repository's locale store.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { ValidationError } from '../errors/index.js';
import type { Repository } from '../repository/types.js';

export const LOCALE_UID = 'plugin::i18n.locale';

/** `localeName('fr')` -> 'French (fr)'; a code Intl does not know keeps just the code. */
export function localeName(code: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}

/** Two processes starting at once may race on the unique code: the loser syncs again. */
export async function syncLocales(repo: Repository, model: NormalizedModel): Promise<void> {
  if (!model.contentTypes[LOCALE_UID]) return;
  for (let attempt = 1; ; attempt++) {
    try {
      return await syncOnce(repo, model);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof ValidationError)) throw err;
    }
  }
}

async function syncOnce(repo: Repository, model: NormalizedModel): Promise<void> {
  const wanted = model.config.i18n.locales;
  await repo.transaction(async (tx) => {
    const have = new Set<string>();
    const extra: number[] = [];
    for (const row of await tx.locales.list()) {
      if (!wanted.includes(row.code) || have.has(row.code)) extra.push(row.id);
      else have.add(row.code);
    }
    await tx.locales.delete(extra);
    for (const code of wanted) if (!have.has(code)) await tx.locales.create(code, localeName(code));
  });
}
