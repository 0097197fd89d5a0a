/**
 * compiler/model: a Strapi duration (`jwt.expiresIn`) -> seconds. Numbers are seconds (as jsonwebtoken
 * reads them); strings need a unit, since Strapi's ms() would read a bare "60" as 60 milliseconds.
 *   durationSeconds('30d') -> 2592000   durationSeconds(3600) -> 3600   durationSeconds('60') -> undefined
 */
const UNIT_SECONDS: Record<string, number> = {
  s: 1, sec: 1, secs: 1, second: 1, seconds: 1,
  m: 60, min: 60, mins: 60, minute: 60, minutes: 60,
  h: 3600, hr: 3600, hrs: 3600, hour: 3600, hours: 3600,
  d: 86_400, day: 86_400, days: 86_400,
  w: 604_800, week: 604_800, weeks: 604_800,
  y: 31_557_600, yr: 31_557_600, yrs: 31_557_600, year: 31_557_600, years: 31_557_600,
};

/** at most ten years */
export const MAX_DURATION_SECONDS = 10 * 31_557_600;

export function durationSeconds(value: unknown): number | undefined {
  let seconds: number | undefined;
  if (typeof value === 'number') seconds = value;
  else if (typeof value === 'string') {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(value);
    const unit = m ? UNIT_SECONDS[m[2].toLowerCase()] : undefined;
    if (m && unit) seconds = Number(m[1]) * unit;
  }
  if (seconds === undefined || !Number.isFinite(seconds)) return undefined;
  seconds = Math.floor(seconds);
  return seconds >= 1 && seconds <= MAX_DURATION_SECONDS ? seconds : undefined;
}
