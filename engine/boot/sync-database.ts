/**
 * engine/boot: what every start makes true of the database before serving, in order: the schema
 * (tables, columns, indexes), the users-permissions roles and grants, the i18n locale rows. Run by
 * createApp, and once by the `--workers` primary before it forks. Each step is idempotent. On a
 * database Strapi v4 manages only quire's own tables are synced (repository/schema/strapi-schema.ts).
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import { syncRoles } from '../auth/sync-roles.js';
import { syncLocales } from '../i18n/sync-locales.js';
import { syncSchema } from '../repository/index.js';
import type { Repository, SyncReport } from '../repository/types.js';

export async function syncDatabase(repo: Repository, model: NormalizedModel, opts: { allowDestructive: boolean }): Promise<SyncReport> {
  // a database Strapi manages: its tables are checked, never changed; roles, grants and locales
  // are Strapi's (read live: engine/auth/custom-roles.ts, engine/boot/strapi-settings.ts), so nothing is written there either
  if (repo.strapiDatabase) return syncSchema(repo, model, { ...opts, strapiDatabase: true });
  const report = await syncSchema(repo, model, { ...opts, strapiDatabase: false });
  await syncRoles(repo, model);
  await syncLocales(repo, model);
  return report;
}
