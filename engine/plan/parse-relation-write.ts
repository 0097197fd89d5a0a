/**
 * engine/plan: a relation value in a body -> RelationWrite. Forms of the contract: an id, an array
 * of ids (= set), { id }, { set }, { connect, disconnect } with shorthand ids or { id, position }.
 * Checks: positive integer ids, set not mixed with connect/disconnect, no id twice, one position key.
 */
import type { RelationAttribute } from '../../compiler/model/types.js';
import type { ValidationIssue } from '../errors/errors.js';
import { isRecord } from './is-record.js';
import { issue } from './issue.js';
import type { RelationPosition, RelationWrite } from './types.js';
import { messages } from './validation-messages.js';

type Path = readonly (string | number)[];
type Connect = { id: number; position?: RelationPosition };

const INT32_MAX = 2147483647;
const POSITION_KEYS = ['before', 'after', 'start', 'end'] as const;

class Collector {
  ok = true;
  constructor(readonly out: ValidationIssue[]) {}
  fail(path: Path, message: string): undefined {
    this.ok = false;
    this.out.push(issue(path, message));
    return undefined;
  }
}

function idOf(value: unknown, path: Path, c: Collector): number | undefined {
  const raw = isRecord(value) ? value.id : value;
  const n = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT32_MAX) return n;
  return c.fail(path, messages.relationId(path, raw));
}

function idList(value: unknown, path: Path, c: Collector): number[] {
  if (!Array.isArray(value)) return [idOf(value, path, c)].filter((n): n is number => n !== undefined);
  return value.map((v, i) => idOf(v, [...path, i], c)).filter((n): n is number => n !== undefined);
}

function position(value: unknown, path: Path, c: Collector): RelationPosition | undefined {
  if (!isRecord(value)) return c.fail(path, messages.relationPosition(path));
  const keys = Object.keys(value).filter((k) => value[k] !== undefined);
  const key = keys[0] as (typeof POSITION_KEYS)[number];
  if (keys.length !== 1 || !POSITION_KEYS.includes(key)) return c.fail(path, messages.relationPosition(path));
  if (key === 'start' || key === 'end') return value[key] === true ? ({ [key]: true } as RelationPosition) : c.fail(path, messages.relationPosition(path));
  const id = idOf(value[key], [...path, key], c);
  return id === undefined ? undefined : ({ [key]: id } as RelationPosition);
}

function connectList(value: unknown, path: Path, c: Collector): Connect[] {
  if (!Array.isArray(value)) return c.fail(path, messages.relationShape(path)) ?? [];
  const out: Connect[] = [];
  value.forEach((item, i) => {
    const id = idOf(item, [...path, i], c);
    if (id === undefined) return;
    const pos = isRecord(item) && item.position !== undefined && item.position !== null ? position(item.position, [...path, i, 'position'], c) : undefined;
    out.push(pos ? { id, position: pos } : { id });
  });
  return out;
}

function noTwice(ids: readonly number[], path: Path, c: Collector): void {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) c.fail(path, messages.relationTwice(path, id));
    seen.add(id);
  }
}

/**
 *   parseRelationWrite(tags, [2, '4'], ['tags'], issues)  -> { kind: 'set', ids: [2, 4] }
 *   parseRelationWrite(tags, { connect: [{ id: 5, position: { before: 2 } }] }, ['tags'], issues)
 *   -> { kind: 'connect', connect: [{ id: 5, position: { before: 2 } }], disconnect: [] }
 *   parseRelationWrite(author, [1, 3], ['author'], issues) -> { kind: 'set', ids: [3] } (to-one: last wins)
 */
export function parseRelationWrite(attr: RelationAttribute, value: unknown, path: Path, out: ValidationIssue[]): RelationWrite | undefined {
  const c = new Collector(out);
  const last = <T>(list: T[]): T[] => (attr.toMany ? list : list.slice(-1));
  let result: RelationWrite;
  if (value === null) {
    result = { kind: 'set', ids: [] };
  } else if (isRecord(value) && ('connect' in value || 'disconnect' in value || 'set' in value)) {
    const hasSet = value.set !== undefined;
    if (hasSet && (value.connect !== undefined || value.disconnect !== undefined)) c.fail(path, messages.relationSetMixed(path));
    if (hasSet) {
      const ids = value.set === null ? [] : idList(value.set, [...path, 'set'], c);
      noTwice(ids, path, c);
      result = { kind: 'set', ids: last(ids) };
    } else {
      const connect = value.connect === undefined || value.connect === null ? [] : connectList(value.connect, [...path, 'connect'], c);
      const disconnect = value.disconnect === undefined || value.disconnect === null ? [] : idList(value.disconnect, [...path, 'disconnect'], c);
      noTwice(connect.map((x) => x.id), path, c);
      const kept = attr.toMany ? connect : connect.slice(-1).map(({ id }) => ({ id }));
      result = { kind: 'connect', connect: kept, disconnect };
    }
  } else if (Array.isArray(value) || typeof value === 'number' || typeof value === 'string' || (isRecord(value) && 'id' in value)) {
    const ids = idList(value, path, c);
    noTwice(ids, path, c);
    result = { kind: 'set', ids: last(ids) };
  } else {
    return c.fail(path, messages.relationShape(path));
  }
  return c.ok ? result : undefined;
}
