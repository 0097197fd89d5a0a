/**
 * engine/response: the marks a printer left where a GraphQL check refused a value (a null in a
 * non-null field, a stored value the enum does not name: print-answer.ts checkMark) -> graphql-js's
 * answer: the error, located and pathed, and the null placed where graphql-js places it (the field;
 * from a non-null field, the nearest value above it that may be null). Only answers holding a mark
 * are parsed (the schema refusing stored data is rare); the others pass through as they are. Pure.
 */
import type { AnswerShape, FieldCheck } from './answer-shape.js';
import { CHECK_MARK } from './print-answer.js';

export interface CheckError {
  readonly message: string;
  /** the enum refused a value (graphql-js raises a GraphQLError); else a null in a non-null field (an Error) */
  readonly enum: boolean;
  readonly positions: FieldCheck['positions'];
  /** from the root field's value down (the root field's own key is the caller's) */
  readonly path: readonly (string | number)[];
}

/** what the marks become while the answer is parsed: an object no answer holds */
const PLACE = '\u0003quire-check';
interface Place {
  readonly [PLACE]: [number, unknown];
}

const isPlace = (v: unknown): v is Place => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.hasOwn(v, PLACE);

interface Found {
  readonly place: Place;
  readonly path: (string | number)[];
}

function findPlaces(value: unknown, path: (string | number)[], out: Found[]): void {
  if (isPlace(value)) {
    out.push({ place: value, path: [...path] });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      path.push(i);
      findPlaces(v, path, out);
      path.pop();
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      path.push(k);
      findPlaces(v, path, out);
      path.pop();
    }
  }
}

/**
 * Where check `check`'s null stops, as a prefix of `path` (the path of the refused value): the
 * value itself when it may be null, else the nearest list item or value above it that may be; []
 * when none may (the root field's value is null then).
 */
function nullAt(check: FieldCheck, path: readonly (string | number)[]): (string | number)[] {
  // the value's position in `path` for each step (a list step has an index after its key)
  const ends: number[] = [];
  let at = 0;
  for (const step of check.steps) {
    at += 1;
    ends.push(at);
    if (step.list) at += 1;
  }
  for (let s = check.steps.length - 1; s >= 0; s--) {
    const step = check.steps[s];
    const own = s === check.steps.length - 1 ? !check.nonNull : step.nullable;
    // the checked field is the last step: its item (a list item) cannot be, it is a scalar
    if (step.list && s < check.steps.length - 1 && step.list.nullableItems) return path.slice(0, ends[s] + 1);
    if (own) return path.slice(0, ends[s]);
  }
  return [];
}

const within = (path: readonly (string | number)[], prefix: readonly (string | number)[]) => prefix.length <= path.length && prefix.every((p, i) => path[i] === p);

/**
 * `text` (one root field's value, printed for `shape`) with its marks settled.
 *   settleChecks('{"data":{"id":"1","attributes":{"title":\u00030\u0003}}}', shape)
 *   -> { text: '{"data":{"id":"1","attributes":null}}',
 *        errors: [{ message: 'Cannot return null for non-nullable field Article.title.', path: ['data', 'attributes', 'title'], .. }] }
 */
export function settleChecks(text: string, shape: AnswerShape): { text: string; errors: CheckError[] } {
  if (!text.includes(CHECK_MARK)) return { text, errors: [] };
  const placed = text.replace(/\u0003(\d+)(?:\u0004([^\u0003]*))?\u0003/g, (_m, n: string, value: string | undefined) =>
    `{${JSON.stringify(PLACE)}:[${n},${value === undefined ? 'null' : value}]}`);
  const root: { value: unknown } = { value: JSON.parse(placed) };
  const found: Found[] = [];
  findPlaces(root.value, [], found);
  const errors: CheckError[] = [];
  const nulled: (string | number)[][] = [];
  for (const { place, path } of found) {
    // a value inside one already nulled is gone, as graphql-js never completes it
    if (nulled.some((n) => within(path, n))) continue;
    const [n, value] = place[PLACE];
    const check = (shape.checks ?? [])[n];
    if (!check) continue;
    const isEnum = check.enumType !== undefined && value !== null;
    const message = isEnum ? `Enum "${check.enumType}" cannot represent value: ${JSON.stringify(value)}` : `Cannot return null for non-nullable field ${check.field}.`;
    errors.push({ message, enum: isEnum, positions: check.positions, path });
    const stop = nullAt(check, path);
    nulled.push(stop);
    setAt(root, stop, null);
    if (stop.length < path.length) setAt(root, path, null);
  }
  return { text: JSON.stringify(root.value), errors };
}

function setAt(root: { value: unknown }, path: readonly (string | number)[], value: unknown): void {
  if (path.length === 0) {
    root.value = value;
    return;
  }
  let holder: unknown = root.value;
  for (const p of path.slice(0, -1)) {
    if (holder === null || typeof holder !== 'object') return;
    holder = (holder as Record<string | number, unknown>)[p];
  }
  if (holder !== null && typeof holder === 'object') (holder as Record<string | number, unknown>)[path[path.length - 1]] = value;
}
