/**
 * engine/plan: date and time values in the one shape every database gets: date 'YYYY-MM-DD',
 * time 'HH:mm:ss.SSS', datetime and timestamp ISO with milliseconds and Z. Accepts ISO 8601 strings
 * (no zone means UTC) and, for datetime/timestamp, epoch milliseconds. Invalid -> undefined. Pure.
 */

export type TemporalType = 'date' | 'time' | 'datetime' | 'timestamp';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|z|[+-]\d{2}:?\d{2})?$/;
const MAX_EPOCH_MS = 8.64e15;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 ? (leap(y) ? 29 : 28) : DAYS[m - 1]);
}

function leap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function parseTime(text: string): string | undefined {
  const m = TIME.exec(text);
  if (!m) return undefined;
  const [hh, mm, ss = '00', frac = ''] = [m[1], m[2], m[3], m[4]];
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined;
  return `${hh}:${mm}:${ss}.${frac.slice(0, 3).padEnd(3, '0')}`;
}

function parseDateTime(value: unknown): string | undefined {
  if (typeof value === 'number') {
    return Number.isInteger(value) && Math.abs(value) <= MAX_EPOCH_MS ? new Date(value).toISOString() : undefined;
  }
  if (typeof value !== 'string') return undefined;
  if (/^-?\d{5,}$/.test(value)) return parseDateTime(Number(value));
  const m = DATETIME.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, mi, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const ms = Number((m[7] ?? '').slice(0, 3).padEnd(3, '0'));
  if (!validDay(y, mo, d) || h > 23 || mi > 59 || s > 59) return undefined;
  let offsetMin = 0;
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (oh > 23 || om > 59) return undefined;
    offsetMin = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return new Date(date.getTime() - offsetMin * 60_000).toISOString();
}

/**
 *   parseTemporal('time', '10:30')                        -> '10:30:00.000'
 *   parseTemporal('datetime', '2024-05-01T12:30:00+02:00') -> '2024-05-01T10:30:00.000Z'
 *   parseTemporal('date', '2024-02-30')                   -> undefined
 */
export function parseTemporal(type: TemporalType, value: unknown): string | undefined {
  if (type === 'time') return typeof value === 'string' ? parseTime(value) : undefined;
  if (type === 'date') {
    if (typeof value !== 'string') return undefined;
    const m = DATE.exec(value);
    if (m) return validDay(Number(m[1]), Number(m[2]), Number(m[3])) ? value : undefined;
    return DATETIME.test(value) && parseDateTime(value) !== undefined ? value.slice(0, 10) : undefined;
  }
  return parseDateTime(value);
}
