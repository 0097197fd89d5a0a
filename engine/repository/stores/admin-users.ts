/**
 * engine/repository/stores: the admin user store on quire_admin_users (AdminUserModel). Admins exist
 * so API tokens can belong to someone: writes through such a token record created_by_id /
 * updated_by_id. Emails are stored lower-cased; the password is a bcrypt hash made by the caller.
 */
import type { RunContext } from '../run-context.js';
import type { AdminUserRecord } from '../types.js';
import { AdminUserModel } from './internal-models.js';
import { modelQuery } from './model-query.js';

function toRecord(row: AdminUserModel): AdminUserRecord {
  return {
    id: Number(row.id),
    email: String(row.email),
    firstname: row.firstname ?? null,
    lastname: row.lastname ?? null,
    passwordHash: String(row.password),
  };
}

export async function createAdminUser(ctx: RunContext, admin: Omit<AdminUserRecord, 'id'>): Promise<AdminUserRecord> {
  const row = await modelQuery(ctx, AdminUserModel).insert({
    email: admin.email.toLowerCase(),
    firstname: admin.firstname,
    lastname: admin.lastname,
    password: admin.passwordHash,
    created_at: new Date().toISOString(),
  });
  return toRecord(row);
}

export async function findAdminUserByEmail(ctx: RunContext, email: string): Promise<AdminUserRecord | undefined> {
  const row = await modelQuery(ctx, AdminUserModel).findOne({ email: email.toLowerCase() });
  return row ? toRecord(row) : undefined;
}
