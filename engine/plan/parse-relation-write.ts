/**
 * engine/plan: a relation value in a body -> RelationWrite. Forms of the contract: an id, an array
 * of ids (= set), { id }, { set }, { connect, disconnect } with shorthand ids or { id, position }.
 * Ids that cannot name an entry count as missing ones, in Strapi's words; a value of no accepted
 * form is Strapi's "Invalid relations". quire's own checks (the contract's): set is not mixed with
 * connect/disconnect, no id twice, one position key.
 */
import type { RelationAttribute } from '../../compiler/model/types.js';
import { messages as m, validationIssue, type MessagePath, type ValidationIssue } from '../errors/index.js';
import { isRecord } from '../request/is-record.js';
import { parseEntityId } from './parse-entity-id.js';
import type { RelationPosition, RelationWrite } from './types.js';

type Connect = { id: number; position?: RelationPosition };

const POSITION_KEYS = ['before', 'after', 'start', 'end'] as const;
const OPERATION_KEYS = new Set(['connect', 'disconnect', 'set']);

class Reader {
  ok = true;
  /** ids that cannot exist (0, -1, 'abc'): reported once, as Strapi counts the entries it did not find */
  missing = 0;
  constructor(readonly out: ValidationIssue[]) {}

  fail(path: MessagePath, message: string): undefined {
    this.ok = false;
    this.out.push(validationIssue(path, message));
    return undefined;
  }

  /** an id, or an object holding one (`{ id: 3 }`) */
  id(value: unknown, path: MessagePath): number | undefined {
    const raw = isRecord(value) && 'id' in value ? value.id : value;
    if (typeof raw !== 'number' && typeof raw !== 'string') return this.fail(path, m.invalidRelations());
    const id = parseEntityId(raw);
    if (id === undefined) {
      this.ok = false;
      this.missing++;
    }
    return id;
  }

  ids(value: unknown, path: MessagePath): number[] {
    if (!Array.isArray(value)) return this.fail(path, m.invalidRelations()) ?? [];
    return value.map((v, i) => this.id(v, [...path, i])).filter((n): n is number => n !== undefined);
  }

  position(value: unknown, path: MessagePath): RelationPosition | undefined {
    const keys = isRecord(value) ? Object.keys(value).filter((k) => value[k] !== undefined) : [];
    const key = keys[0] as (typeof POSITION_KEYS)[number];
    if (!isRecord(value) || keys.length !== 1 || !POSITION_KEYS.includes(key)) return this.fail(path, m.relationPosition(path));
    if (key === 'start' || key === 'end') return value[key] === true ? ({ [key]: true } as RelationPosition) : this.fail(path, m.relationPosition(path));
    const id = parseEntityId(value[key]);
    return id === undefined ? this.fail(path, m.relationPosition(path)) : ({ [key]: id } as RelationPosition);
  }

  connect(value: unknown, path: MessagePath): Connect[] {
    if (!Array.isArray(value)) return this.fail(path, m.invalidRelations()) ?? [];
    const out: Connect[] = [];
    value.forEach((item, i) => {
      const id = this.id(item, [...path, i]);
      const pos = isRecord(item) && item.position !== undefined ? this.position(item.position, [...path, i, 'position']) : undefined;
      if (id !== undefined) out.push(pos ? { id, position: pos } : { id });
    });
    return out;
  }

  noTwice(ids: readonly number[], path: MessagePath): void {
    const seen = new Set<number>();
    for (const id of ids) {
      if (seen.has(id)) this.fail(path, m.relationTwice(path, id));
      seen.add(id);
    }
  }
}

function operations(attr: RelationAttribute, value: Record<string, unknown>, path: MessagePath, r: Reader): RelationWrite | undefined {
  if (Object.keys(value).some((k) => !OPERATION_KEYS.has(k))) return r.fail(path, m.invalidRelations());
  const last = <T>(list: T[]): T[] => (attr.toMany ? list : list.slice(-1));
  if (value.set !== undefined) {
    if (value.connect !== undefined || value.disconnect !== undefined) r.fail(path, m.relationSetMixed(path));
    const ids = r.ids(value.set, [...path, 'set']);
    r.noTwice(ids, path);
    return { kind: 'set', ids: last(ids) };
  }
  const connect = value.connect === undefined ? [] : r.connect(value.connect, [...path, 'connect']);
  const disconnect = value.disconnect === undefined ? [] : r.ids(value.disconnect, [...path, 'disconnect']);
  r.noTwice(connect.map((x) => x.id), path);
  // to-one: the last one is used (the contract); its position is kept, so that an anchor not in the relation is refused
  return { kind: 'connect', connect: attr.toMany ? connect : connect.slice(-1), disconnect };
}

function plain(attr: RelationAttribute, value: unknown, path: MessagePath, r: Reader): RelationWrite | undefined {
  let ids: number[];
  if (Array.isArray(value)) ids = r.ids(value, path);
  else if (typeof value === 'number' || typeof value === 'string') ids = [r.id(value, path)].filter((n): n is number => n !== undefined);
  // `{ id, type }`: `type` (polymorphic relations) is accepted and ignored
  else if (isRecord(value) && 'id' in value && Object.keys(value).every((k) => k === 'id' || k === 'type')) ids = [r.id(value, path)].filter((n): n is number => n !== undefined);
  else return r.fail(path, m.invalidRelations());
  r.noTwice(ids, path);
  return { kind: 'set', ids: attr.toMany ? ids : ids.slice(-1) };
}

/**
 *   parseRelationWrite(tags, [2, '4'], ['tags'], issues)  -> { kind: 'set', ids: [2, 4] }
 *   parseRelationWrite(tags, { connect: [{ id: 5, position: { before: 2 } }] }, ['tags'], issues)
 *   -> { kind: 'connect', connect: [{ id: 5, position: { before: 2 } }], disconnect: [] }
 *   parseRelationWrite(author, [1, 3], ['author'], issues) -> { kind: 'set', ids: [3] } (to-one: last wins)
 *   parseRelationWrite(tags, [0, 'x'], ['tags'], issues) -> undefined;
 *   "2 relation(s) of type api::tag.tag associated with this entity do not exist"
 */
export function parseRelationWrite(attr: RelationAttribute, value: unknown, path: MessagePath, out: ValidationIssue[]): RelationWrite | undefined {
  const r = new Reader(out);
  let result: RelationWrite | undefined;
  if (value === null) result = { kind: 'set', ids: [] };
  // `{}` is an empty connect/disconnect, as the contract's form allows: nothing changes
  else if (isRecord(value) && (Object.keys(value).length === 0 || Object.keys(value).some((k) => OPERATION_KEYS.has(k)))) result = operations(attr, value, path, r);
  else result = plain(attr, value, path, r);
  if (r.missing > 0) out.push(validationIssue(path, m.relationsNotFound(r.missing, attr.target)));
  return r.ok ? result : undefined;
}
