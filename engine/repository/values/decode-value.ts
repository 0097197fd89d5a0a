/**
 * engine/repository/values: what a driver returns -> the one value shape of plan/types.ts Entry:
 * biginteger and timestamp as strings, decimal/float numbers, date 'YYYY-MM-DD', time 'HH:mm:ss.SSS',
 * datetime ISO with ms and Z, json parsed, boolean boolean. Works for either driver's raw form.
 */
import type { StorageKind } from '../storage-map.js';

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** `2024-04-02T12:00:00.000Z`, with a real month, day, hour, minute and second */
const CANONICAL_DATETIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

type Decoder = (raw: unknown) => unknown;

const toNumber: Decoder = (raw) => (typeof raw === 'number' ? raw : Number(raw));
const toText: Decoder = (raw) => (typeof raw === 'string' ? raw : String(raw));

/** per storage kind, the decoder of a value that is neither null nor undefined */
const PRESENT: Readonly<Record<StorageKind | 'id', Decoder>> = {
  id: toNumber,
  integer: toNumber,
  double: toNumber,
  decimal: toNumber,
  bigint: toText,
  // a PostgreSQL `timestamp` column (Strapi creates them) comes as a Date: Strapi answers its epoch ms
  timestamp: (raw) => (raw instanceof Date ? String(raw.getTime()) : toText(raw)),
  varchar: toText,
  text: toText,
  boolean: (raw) => raw === true || raw === 1 || raw === '1' || raw === 't' || raw === 'true',
  date: (raw) => (raw instanceof Date ? `${raw.getFullYear()}-${pad(raw.getMonth() + 1)}-${pad(raw.getDate())}` : String(raw).slice(0, 10)),
  time: (raw) => {
    const m = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?/.exec(String(raw));
    return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}.${(m[4] ?? '').padEnd(3, '0').slice(0, 3)}` : String(raw);
  },
  datetime: (raw) => {
    // what quire writes on SQLite is already the one shape: skip the Date round trip
    if (typeof raw === 'string' && raw.length === 24 && CANONICAL_DATETIME.test(raw)) return raw;
    const d = raw instanceof Date ? raw : new Date(typeof raw === 'number' ? raw : String(raw));
    return Number.isNaN(d.getTime()) ? String(raw) : d.toISOString();
  },
  json: (raw) => {
    if (typeof raw !== 'string') return raw;
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  },
};

/** one decoder per storage kind, null and undefined -> null (select-fields.ts compiles a row decoder from them) */
export const VALUE_DECODERS = Object.fromEntries(
  Object.entries(PRESENT).map(([kind, decode]) => [kind, (raw: unknown) => (raw === null || raw === undefined ? null : decode(raw))]),
) as Readonly<Record<StorageKind | 'id', Decoder>>;

export function decodeValue(kind: StorageKind | 'id', raw: unknown): unknown {
  return VALUE_DECODERS[kind](raw);
}
