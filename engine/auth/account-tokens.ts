/**
 * engine/auth: the one-use codes of the password and email flows. The user gets a random code (in the
 * link of an email); up_users keeps only its SHA-256 (`resetPasswordToken`, `confirmationToken`), so
 * a copy of the database opens no account (Strapi stores the codes themselves). A reset code carries
 * the moment it was made and is refused after `RESET_CODE_TTL_MS` (Strapi's never expire).
 *   const { code, stored } = newResetCode(Date.now())   // code: 76 hex digits, stored: sha256(code)
 */
import { createHash, randomBytes } from 'node:crypto';

/** a reset link works for one hour */
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;

export const storedFormOf = (code: string): string => createHash('sha256').update(code).digest('hex');

/** a reset code: 32 random bytes, then its creation time (ms, 12 hex digits) */
export function newResetCode(now: number): { code: string; stored: string } {
  const code = randomBytes(32).toString('hex') + now.toString(16).padStart(12, '0');
  return { code, stored: storedFormOf(code) };
}

/** when a well-formed reset code was made, undefined for anything else */
export function resetCodeTime(code: string): number | undefined {
  return /^[0-9a-f]{76}$/.test(code) ? parseInt(code.slice(64), 16) : undefined;
}

/** an email confirmation code: 20 random bytes (40 hex digits, as long as Strapi's) */
export function newConfirmationCode(): { code: string; stored: string } {
  const code = randomBytes(20).toString('hex');
  return { code, stored: storedFormOf(code) };
}
