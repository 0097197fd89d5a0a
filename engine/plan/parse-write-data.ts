/**
 * engine/plan: the `data` object of a body (or of one component) -> WriteData, attribute by attribute
 * in declared order. Keys that are not attributes (id, createdAt, createdBy, unknown ones) are dropped;
 * private attributes are writable. create: required checks and defaults; update: only what was sent.
 */
import type { Attribute } from '../../compiler/model/types.js';
import { issue } from './issue.js';
import { parseComponentWrite } from './parse-component-write.js';
import { parseDynamicZoneWrite } from './parse-dynamic-zone-write.js';
import { parseMediaWrite } from './parse-media-write.js';
import { parseRelationWrite } from './parse-relation-write.js';
import type { Schema } from './schema-of.js';
import type { WriteData } from './types.js';
import { validateScalar } from './validate-scalar.js';
import { messages } from './validation-messages.js';
import type { WriteContext } from './write-context.js';

type Path = readonly (string | number)[];
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
    if (!sent) {
      if (mode === 'create' && attr.kind === 'scalar' && attr.default !== undefined) out.scalars[name] = structuredClone(attr.default);
      else if (mode === 'create' && attr.required && !ctx.isDraft) ctx.issues.push(issue(at, messages.defined(at)));
      continue;
    }
    if (data[name] === null && attr.required && !ctx.isDraft) {
      ctx.issues.push(issue(at, mode === 'create' ? messages.defined(at) : messages.notNull(at)));
      continue;
    }
    write(ctx, attr, data[name], at, out);
  }
  return out as WriteData;
}
