/**
 * compiler/diff: JSON Schema (OpenAPI 3.0 dialect) comparison in one direction. The same edit reads
 * differently per side: on the request side narrowing what is accepted breaks clients; on the response
 * side widening what may come back does. $refs are followed lazily (the filter and populate schemas
 * are cyclic, so nothing is dereferenced up front); each pair of referenced schemas is compared once
 * per direction, so a change inside a shared component is reported once, at `Component.path`.
 */
import type { Change, ChangeLevel } from './change.js';

export type Json = Record<string, unknown>;
export type Direction = 'request' | 'response';

export interface WalkContext {
  readonly oldDoc: Json;
  readonly newDoc: Json;
  readonly changes: Change[];
  readonly visited: Set<string>;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `#/components/schemas/Tag` in `doc` -> the node, following chains of $ref; `ref` is the last one followed. */
export function deref(doc: Json, node: unknown): { node: Json; ref?: string } {
  let current = node;
  let ref: string | undefined;
  for (let i = 0; i < 32 && isObject(current) && typeof current.$ref === 'string'; i++) {
    ref = current.$ref;
    current = resolvePointer(doc, ref);
  }
  return { node: isObject(current) ? current : {}, ref };
}

function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[key] : undefined;
  }
  return node;
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** The level of one edit by direction: [on the request side, on the response side]. */
type Levels = readonly [ChangeLevel, ChangeLevel];
const NARROWED: Levels = ['breaking', 'safe'];
const WIDENED: Levels = ['safe', 'dangerous'];
const INCOMPATIBLE: Levels = ['breaking', 'breaking'];
const UNCERTAIN: Levels = ['dangerous', 'dangerous'];

class Walk {
  constructor(
    private readonly ctx: WalkContext,
    private readonly dir: Direction,
    /** the operation part that first reached the schema: `GET /api/tags 200` */
    private readonly where: string,
  ) {}

  report(levels: Levels, kind: string, at: string, message: string): void {
    const level = levels[this.dir === 'request' ? 0 : 1];
    const via = at.startsWith(this.where) ? '' : ` (${this.dir} of ${this.where})`;
    this.ctx.changes.push({ api: 'rest', level, kind: `${this.dir}-${kind}`, path: at, message: `${message}${via}` });
  }

  compare(a0: unknown, b0: unknown, at: string): void {
    const ra = deref(this.ctx.oldDoc, a0);
    const rb = deref(this.ctx.newDoc, b0);
    if (ra.ref || rb.ref) {
      const key = `${this.dir}|${ra.ref ?? `~${at}`}|${rb.ref ?? `~${at}`}`;
      if (this.ctx.visited.has(key)) return;
      this.ctx.visited.add(key);
      at = refName((rb.ref ?? ra.ref)!);
    }
    const a = ra.node;
    const b = rb.node;
    // `{ allOf: [X], nullable }` (how relations and components are referenced) against a plain X
    const wa = singleAllOf(a);
    const wb = singleAllOf(b);
    if ((wa !== undefined) !== (wb !== undefined)) {
      this.compareNullable(a, b, at);
      return this.compare(wa ?? a0, wb ?? b0, at);
    }
    if (!this.compareType(a, b, at)) return;
    this.compareNullable(a, b, at);
    this.compareEnum(a, b, at);
    this.compareLimits(a, b, at);
    this.compareObject(a, b, at);
    if (isObject(a.items) && isObject(b.items)) this.compare(a.items, b.items, `${at}[]`);
    this.compareAllOf(a, b, at);
    for (const k of ['oneOf', 'anyOf'] as const) this.compareUnion(a, b, k, at);
  }

  /** false when the types are incompatible (nothing below is worth comparing) */
  private compareType(a: Json, b: Json, at: string): boolean {
    const ta = typeOf(a);
    const tb = typeOf(b);
    if (ta === tb) return true;
    if (ta === undefined || tb === undefined) {
      if (isComposed(a) || isComposed(b)) this.report(UNCERTAIN, 'composition-changed', at, `schema changed from ${ta ?? 'a composition'} to ${tb ?? 'a composition'}`);
      else if (tb === undefined) this.report(WIDENED, 'type-removed', at, `any type allowed (was ${ta})`);
      else this.report(NARROWED, 'type-added', at, `restricted to type ${tb}`);
      return false;
    }
    if (ta === 'integer' && tb === 'number') this.report(['safe', 'breaking'], 'type-widened', at, 'type widened from integer to number');
    else if (ta === 'number' && tb === 'integer') this.report(['breaking', 'safe'], 'type-narrowed', at, 'type narrowed from number to integer');
    else this.report(INCOMPATIBLE, 'type-changed', at, `type changed from ${ta ?? 'any'} to ${tb ?? 'any'}`);
    return false;
  }

  private compareNullable(a: Json, b: Json, at: string): void {
    const na = a.nullable === true;
    const nb = b.nullable === true;
    if (na && !nb) this.report(NARROWED, 'null-removed', at, 'null is no longer allowed');
    if (!na && nb) this.report(WIDENED_NULL, 'null-added', at, 'may now be null');
  }

  private compareEnum(a: Json, b: Json, at: string): void {
    const ea = Array.isArray(a.enum) ? a.enum.map((v) => JSON.stringify(v)) : undefined;
    const eb = Array.isArray(b.enum) ? b.enum.map((v) => JSON.stringify(v)) : undefined;
    if (!ea && !eb) return;
    if (ea && !eb) return this.report(WIDENED, 'enum-removed', at, `any value allowed (was one of ${ea.join(', ')})`);
    if (!ea && eb) return this.report(NARROWED, 'enum-added', at, `restricted to ${eb.join(', ')}`);
    for (const v of ea!) if (!eb!.includes(v)) this.report(NARROWED, 'enum-value-removed', at, `enum value ${v} removed`);
    for (const v of eb!) if (!ea!.includes(v)) this.report(WIDENED, 'enum-value-added', at, `enum value ${v} added`);
  }

  private compareLimits(a: Json, b: Json, at: string): void {
    for (const [key, upper] of LIMITS) {
      const la = typeof a[key] === 'number' ? (a[key] as number) : undefined;
      const lb = typeof b[key] === 'number' ? (b[key] as number) : undefined;
      if (la === lb) continue;
      const tightened = la === undefined || (lb !== undefined && (upper ? lb < la : lb > la));
      const text = `${key} ${la ?? 'none'} -> ${lb ?? 'none'}`;
      if (tightened) this.report(NARROWED, 'constraint-tightened', at, text);
      else this.report(WIDENED, 'constraint-loosened', at, text);
    }
    for (const key of ['pattern', 'format'] as const) {
      const va = a[key] as string | undefined;
      const vb = b[key] as string | undefined;
      if (va === vb) continue;
      const text = `${key} ${JSON.stringify(va ?? null)} -> ${JSON.stringify(vb ?? null)}`;
      if (va === undefined) this.report(NARROWED, `${key}-added`, at, text);
      else if (vb === undefined) this.report(WIDENED, `${key}-removed`, at, text);
      else this.report(UNCERTAIN, `${key}-changed`, at, text);
    }
  }

  private compareObject(a: Json, b: Json, at: string): void {
    const pa = isObject(a.properties) ? a.properties : {};
    const pb = isObject(b.properties) ? b.properties : {};
    const ra = new Set(Array.isArray(a.required) ? (a.required as string[]) : []);
    const rb = new Set(Array.isArray(b.required) ? (b.required as string[]) : []);
    const hidden = (s: unknown) => {
      const n = isObject(s) ? s : {};
      return this.dir === 'response' ? n.writeOnly === true : n.readOnly === true;
    };
    for (const name of Object.keys(pa).sort()) {
      if (hidden(pa[name])) continue;
      const p = `${at}.${name}`;
      if (!Object.hasOwn(pb, name)) {
        // quire (like Strapi) answers 400 to unknown keys, so a request property removed is as breaking as a response one
        this.report(INCOMPATIBLE, 'property-removed', p, this.dir === 'response' ? 'property removed' : 'property no longer accepted');
        continue;
      }
      if (hidden(pb[name])) continue;
      if (!ra.has(name) && rb.has(name)) this.report(NARROWED, 'property-became-required', p, 'property became required');
      if (ra.has(name) && !rb.has(name)) this.report(WIDENED_REQUIRED, 'property-became-optional', p, 'property became optional');
      this.compare(pa[name], pb[name], p);
    }
    for (const name of Object.keys(pb).sort()) {
      if (Object.hasOwn(pa, name) || hidden(pb[name])) continue;
      const p = `${at}.${name}`;
      if (this.dir === 'request' && rb.has(name)) this.report(INCOMPATIBLE, 'property-added-required', p, 'new required property');
      else this.report(['safe', 'safe'], 'property-added', p, 'property added');
    }
    const xa = a.additionalProperties;
    const xb = b.additionalProperties;
    if (xa !== false && xb === false && (isObject(a.properties) || xa !== undefined)) this.report(NARROWED, 'additional-properties-removed', at, 'other properties are no longer allowed');
    else if (xa === false && xb !== false) this.report(WIDENED, 'additional-properties-added', at, 'other properties are now allowed');
    else if (isObject(xa) && isObject(xb)) this.compare(xa, xb, `${at}.*`);
  }

  private compareAllOf(a: Json, b: Json, at: string): void {
    const la = Array.isArray(a.allOf) ? a.allOf : [];
    const lb = Array.isArray(b.allOf) ? b.allOf : [];
    if (la.length === 0 && lb.length === 0) return;
    if (la.length !== lb.length) return this.report(UNCERTAIN, 'composition-changed', at, `allOf of ${la.length} -> ${lb.length} schemas`);
    la.forEach((s, i) => this.compare(s, lb[i], la.length === 1 ? at : `${at}.allOf[${i}]`));
  }

  /** oneOf/anyOf branches are matched by the component they name, else by position. */
  private compareUnion(a: Json, b: Json, key: 'oneOf' | 'anyOf', at: string): void {
    const la = Array.isArray(a[key]) ? (a[key] as unknown[]) : undefined;
    const lb = Array.isArray(b[key]) ? (b[key] as unknown[]) : undefined;
    if (!la && !lb) return;
    if (!la || !lb) return this.report(UNCERTAIN, 'composition-changed', at, `${key} ${la ? 'removed' : 'added'}`);
    const label = (s: unknown, i: number) => (isObject(s) && typeof s.$ref === 'string' ? refName(s.$ref) : `#${i}`);
    const ma = new Map(la.map((s, i) => [label(s, i), s]));
    const mb = new Map(lb.map((s, i) => [label(s, i), s]));
    for (const [name, s] of ma) {
      if (!mb.has(name)) this.report(NARROWED, 'variant-removed', at, `${key} variant ${name} removed`);
      else this.compare(s, mb.get(name), `${at}.${key}[${name}]`);
    }
    for (const name of mb.keys()) if (!ma.has(name)) this.report(WIDENED, 'variant-added', at, `${key} variant ${name} added`);
  }
}

/** a response that may now be null breaks clients; on the request side it is only wider */
const WIDENED_NULL: Levels = ['safe', 'breaking'];
/** a response property that may now be absent breaks clients; a request property that may be omitted does not */
const WIDENED_REQUIRED: Levels = ['safe', 'breaking'];

/** [keyword, is an upper bound] */
const LIMITS: readonly (readonly [string, boolean])[] = [
  ['maxLength', true], ['maximum', true], ['maxItems', true],
  ['minLength', false], ['minimum', false], ['minItems', false],
];

const isComposed = (s: Json) => ['allOf', 'oneOf', 'anyOf'].some((k) => Array.isArray(s[k]));

/** the X of `{ allOf: [X] }` with no type or properties of its own */
function singleAllOf(s: Json): unknown {
  return Array.isArray(s.allOf) && s.allOf.length === 1 && typeOf(s) === undefined ? s.allOf[0] : undefined;
}

function typeOf(s: Json): string | undefined {
  if (typeof s.type === 'string') return s.type;
  if (isObject(s.properties)) return 'object';
  if (isObject(s.items)) return 'array';
  return undefined;
}

/** Compare two schemas reached from `where` (e.g. `GET /api/tags 200`) in one direction; changes go to ctx.changes. */
export function compareSchemas(ctx: WalkContext, dir: Direction, where: string, oldSchema: unknown, newSchema: unknown): void {
  new Walk(ctx, dir, where).compare(oldSchema, newSchema, where);
}
