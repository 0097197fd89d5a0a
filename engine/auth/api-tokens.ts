/**
 * engine/auth: API tokens. The clear token is shown once; only its HMAC-SHA512 (keyed with
 * API_TOKEN_SALT) is stored, so a leaked database does not leak usable tokens.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const TOKEN_TYPES = ['full-access', 'read-only', 'custom'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export function generateAccessKey(): string {
  return randomBytes(64).toString('hex');
}

export function hashAccessKey(key: string, salt: string): string {
  return createHmac('sha512', salt).update(key).digest('hex');
}
