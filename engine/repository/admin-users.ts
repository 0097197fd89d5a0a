/**
 * engine/repository: the admin user store on quire_admin_users. Admins exist so API tokens can
 * belong to someone: writes through such a token record created_by_id / updated_by_id. Emails are
 * stored lower-cased; the password is a bcrypt hash made by the caller.
 */
import { ADMIN_USERS_TABLE } from './naming.js';
import type { RunContext } from './run-context.js';
import { query } from './run-sql.js';
import type { AdminUserRecord } from './types.js';

function toRecord(row: Record<string, unknown>): AdminUserRecord {
  return {
    id: Number(row.id),
    email: String(row.email),
    firstname: (row.firstname as string | null) ?? null,
    lastname: (row.lastname as string | null) ?? null,
    passwordHash: String(row.password),
  };
}

export async function createAdminUser(ctx: RunContext, admin: Omit<AdminUserRecord, 'id'>): Promise<AdminUserRecord> {
  const row = { email: admin.email.toLowerCase(), firstname: admin.firstname, lastname: admin.lastname, password: admin.passwordHash, created_at: new Date().toISOString() };
  const [r] = await query(ctx, ADMIN_USERS_TABLE).insert(row).returning('id');
  const id = Number(typeof r === 'object' ? (r as { id: unknown }).id : r);
  return toRecord({ ...row, id });
}

export async function findAdminUserByEmail(ctx: RunContext, email: string): Promise<AdminUserRecord | undefined> {
  const row = await query(ctx, ADMIN_USERS_TABLE).where('email', email.toLowerCase()).first();
  return row ? toRecord(row) : undefined;
}
