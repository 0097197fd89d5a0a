/**
 * engine/config: the error a bad setting stops the start with, and the reader of on/off variables,
 * shared by every settings module of this folder. No other imports.
 */

export class ConfigError extends Error {}

/** `true`/`1`, `false`/`0`, or unset/empty for `dflt`; anything else stops the start */
export function envFlag(name: string, v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${v}"`);
}
