/**
 * engine/repository/stores: the admin user store on quire_admin_users. Admins exist so API tokens can
 * belong to someone: writes through such a token record created_by_id / updated_by_id. Emails are
 * stored lower-cased; the password is a bcrypt hash made by the caller. SQL nodes through run-sql.ts.
 */
import { ADMIN_USERS_TABLE } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runStatement, type Row } from '../run-sql.js';
import { columnIs, select, star, table } from '../sql/build.js';
import type { AdminUserRecord } from '../types.js';
import { insertRow } from '../write/insert-rows.js';

function toRecord(row: Row): AdminUserRecord {
  return {
    id: Number(row.id),
    email: String(row.email),
    firstname: (row.firstname as string | null | undefined) ?? null,
    lastname: (row.lastname as string | null | undefined) ?? null,
    passwordHash: String(row.password),
  };
}

export async function createAdminUser(ctx: RunContext, admin: Omit<AdminUserRecord, 'id'>): Promise<AdminUserRecord> {
  const row = {
    email: admin.email.toLowerCase(),
    firstname: admin.firstname ?? null,
    lastname: admin.lastname ?? null,
    password: admin.passwordHash,
    created_at: new Date().toISOString(),
  };
  return toRecord({ ...row, id: await insertRow(ctx, ADMIN_USERS_TABLE, row) });
}

export async function findAdminUserByEmail(ctx: RunContext, email: string): Promise<AdminUserRecord | undefined> {
  const [row] = await runStatement(ctx, select({ columns: [star()], from: table(ADMIN_USERS_TABLE), where: columnIs('email', email.toLowerCase()), limit: 1 }));
  return row ? toRecord(row) : undefined;
}
