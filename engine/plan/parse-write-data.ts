/**
 * engine/plan: the `data` object of a body (or of one component) -> WriteData, attribute by attribute
 * in declared order. Keys that are not attributes (id, createdAt, createdBy, unknown ones) are dropped;
 * private attributes are writable. create: required checks and defaults; update: only what was sent.
 * Drafts skip required and minLength (`ctx.isDraft`); required media are never enforced (Strapi v4).
 */
import type { Attribute } from '../../compiler/model/types.js';
import { messages as m, validationIssue, type MessagePath } from '../errors/index.js';
import { parseComponentWrite } from './parse-component-write.js';
import { parseDynamicZoneWrite } from './parse-dynamic-zone-write.js';
import { parseMediaWrite } from './parse-media-write.js';
import { parseRelationWrite } from './parse-relation-write.js';
import type { Schema } from './schema-of.js';
import type { WriteData } from './types.js';
import { validateScalar } from './validate-scalar.js';
import type { WriteContext } from './write-context.js';

type Path = MessagePath;
type Buckets = { -readonly [K in keyof WriteData]: Record<string, unknown> };

function write(ctx: WriteContext, attr: Attribute, value: unknown, path: Path, out: Buckets): void {
  const name = attr.name;
  switch (attr.kind) {
    case 'scalar': {
      const result = value === null ? { value: null } : validateScalar(attr, value, path, ctx.issues, ctx.isDraft);
      if (result) out.scalars[name] = result.value;
      return;
    }
    case 'relation': {
      const result = parseRelationWrite(attr, value, path, ctx.issues);
      if (result) out.relations[name] = result;
      return;
    }
    case 'media': {
      const result = parseMediaWrite(attr, value, path, ctx.issues);
      if (result) out.media[name] = result;
      return;
    }
    case 'component': {
      const result = parseComponentWrite(ctx, attr, value, path);
      if (result !== undefined) out.components[name] = result;
      return;
    }
    case 'dynamiczone': {
      const result = parseDynamicZoneWrite(ctx, attr, value, path);
      if (result) out.dynamicZones[name] = result;
      return;
    }
  }
}

const NUMBER_TYPES = new Set(['integer', 'float', 'decimal']);
const STRING_TYPES = new Set(['string', 'text', 'richtext', 'email', 'password', 'uid', 'enumeration']);

/**
 * A required attribute sent as null, in Strapi's words for its type: text types
 * "title must be a `string` type, but the final value was: `null`.", numbers "... `NaN`.",
 * a single component "`object`", a list "`array`"; biginteger, dates and json "must be defined.";
 * a relation "must be defined." (create) or "cannot be null." (update).
 */
function nullMessage(attr: Attribute, path: Path, mode: 'create' | 'update'): string {
  switch (attr.kind) {
    case 'scalar':
      if (STRING_TYPES.has(attr.type)) return m.type(path, 'string', null);
      if (NUMBER_TYPES.has(attr.type)) return m.type(path, 'number', NaN);
      if (attr.type === 'boolean') return m.type(path, 'boolean', null);
      return m.defined(path);
    case 'component':
      return m.type(path, attr.repeatable ? 'array' : 'object', null);
    case 'dynamiczone':
      return m.type(path, 'array', null);
    default:
      // a relation: "must be defined." on create, "cannot be null." on update, as Strapi words it
      return mode === 'create' ? m.defined(path) : m.notNull(path);
  }
}

/**
 *   parseWriteData(ctx, article, { title: 'Hello', tags: [1], id: 9 }, 'create', [])
 *   -> { scalars: { title: 'Hello', featured: false, format: 'news' }, relations: { tags: { kind: 'set', ids: [1] } },
 *        media: {}, components: {}, dynamicZones: {} }
 */
export function parseWriteData(ctx: WriteContext, schema: Schema, data: Record<string, unknown>, mode: 'create' | 'update', path: Path): WriteData {
  const out: Buckets = { scalars: {}, relations: {}, media: {}, components: {}, dynamicZones: {} };
  for (const name of schema.order) {
    const attr = schema.attributes[name];
    const at = [...path, name];
    const sent = Object.hasOwn(data, name) && data[name] !== undefined;
    // required media are not enforced, as in Strapi v4 (drafts and published entries alike)
    const required = attr.required && attr.kind !== 'media' && !ctx.isDraft;
    if (!sent) {
      if (mode === 'create' && attr.kind === 'scalar' && attr.default !== undefined) out.scalars[name] = structuredClone(attr.default);
      else if (mode === 'create' && required) ctx.issues.push(validationIssue(at, m.defined(at)));
      continue;
    }
    if (data[name] === null && required) {
      ctx.issues.push(validationIssue(at, nullMessage(attr, at, mode)));
      continue;
    }
    write(ctx, attr, data[name], at, out);
  }
  return out as WriteData;
}
