/**
 * engine/auth: user and admin passwords. bcrypt (bcryptjs) at cost 10 with the `$2a$` prefix, the
 * hashes Strapi v4 writes, so an up_users table moves between Strapi and quire either way. bcrypt
 * reads 72 bytes only, so longer passwords are refused rather than silently truncated.
 */
import bcrypt from 'bcryptjs';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_BYTES = 72;
const COST = 10;

/** 'secret123' -> '$2a$10$…' (60 characters) */
export async function hashPassword(password: string): Promise<string> {
  const salt = await bcrypt.genSalt(COST);
  // $2a$ and $2b$ differ only for inputs over 255 bytes; Strapi v4 (bcryptjs 2) writes $2a$
  return bcrypt.hash(password, salt.replace(/^\$2[by]\$/, '$2a$'));
}

let dummy: Promise<string> | undefined;

/**
 * true when `password` matches `hash` ($2a$, $2b$ or $2y$). With no hash (unknown user) a dummy
 * comparison still runs, so response time does not tell whether the identifier exists.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (typeof hash !== 'string' || !/^\$2[aby]\$\d\d\$/.test(hash)) {
    dummy ??= hashPassword('quire-dummy-password');
    await bcrypt.compare(password, await dummy).catch(() => false);
    return false;
  }
  return bcrypt.compare(password, hash.replace(/^\$2y\$/, '$2b$')).catch(() => false);
}

export function passwordBytes(password: string): number {
  return Buffer.byteLength(password, 'utf8');
}
