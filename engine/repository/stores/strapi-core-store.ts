/**
 * engine/repository/stores: on a database Strapi v4 manages, the settings its admin panel keeps in
 * strapi_core_store_settings (`key`, `value` as JSON text): `plugin_i18n_default_locale`,
 * `plugin_users-permissions_advanced`, `plugin_users-permissions_email`... Read only; Strapi writes them.
 */
import { STRAPI_CORE_STORE_TABLE } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runStatement } from '../run-sql.js';
import { asc, col, columnIn, select, table } from '../sql/build.js';

interface Row {
  key: string;
  value: unknown;
  environment: unknown;
}

/**
 * `readCoreStore(ctx, ['plugin_i18n_default_locale'])` -> Map { 'plugin_i18n_default_locale' => 'en' }.
 * A key without a row, or whose value is not JSON, is left out (the caller keeps its default); a row
 * of no environment wins over one of an environment, as Strapi's store reads them.
 */
export async function readCoreStore(ctx: RunContext, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = (await runStatement(ctx, select({
    columns: [col(undefined, 'key'), col(undefined, 'value'), col(undefined, 'environment')], from: table(STRAPI_CORE_STORE_TABLE),
    where: columnIn('key', keys), orderBy: [asc(col(undefined, 'id'))],
  }))) as unknown as Row[];
  const out = new Map<string, unknown>();
  for (const row of rows) {
    if (out.has(row.key) && row.environment !== null) continue;
    try {
      out.set(row.key, typeof row.value === 'string' ? JSON.parse(row.value) : row.value);
    } catch {
      // not JSON: Strapi would not read it either
    }
  }
  return out;
}
