/**
 * engine/config: a duration from the environment (JWT_EXPIRES_IN) -> seconds, in the form the
 * compiler accepts for plugins.json's `jwt.expiresIn`: a number of seconds or a number with a unit.
 *   parseDuration('30d') -> 2592000   parseDuration('3600') -> 3600   parseDuration('soon') -> undefined
 */
const UNIT_SECONDS: Record<string, number> = {
  s: 1, sec: 1, secs: 1, second: 1, seconds: 1,
  m: 60, min: 60, mins: 60, minute: 60, minutes: 60,
  h: 3600, hr: 3600, hrs: 3600, hour: 3600, hours: 3600,
  d: 86_400, day: 86_400, days: 86_400,
  w: 604_800, week: 604_800, weeks: 604_800,
  y: 31_557_600, yr: 31_557_600, yrs: 31_557_600, year: 31_557_600, years: 31_557_600,
};
const MAX_SECONDS = 10 * 31_557_600;

export function parseDuration(value: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  if (!m) return undefined;
  const unit = m[2] === '' ? 1 : UNIT_SECONDS[m[2].toLowerCase()];
  if (!unit) return undefined;
  const seconds = Math.floor(Number(m[1]) * unit);
  return seconds >= 1 && seconds <= MAX_SECONDS ? seconds : undefined;
}
