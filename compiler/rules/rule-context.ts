/**
 * compiler/rules: what every definition rule sees. Rules are pure: they read the RawSpec (already parsed
 * JSON) and call `report` for each problem; none of them stops the others (all problems are shown).
 */
import { DefinitionError, DefinitionWarning, pointerSegment } from '../errors.js';
import type { RawSpec } from '../load/load-spec.js';
import { BUILTIN_TYPES } from '../model/builtin-types.js';

export type Json = Record<string, unknown>;

/** A content-type or component with its attributes, as read. */
export interface Definition {
  kind: 'contentType' | 'component';
  uid: string;
  file: string;
  schema: Json;
  attributes: Record<string, Json>;
  builtin: boolean;
}

export interface RuleContext {
  spec: RawSpec;
  definitions: Definition[];
  contentTypes: Map<string, Definition>;
  components: Map<string, Definition>;
  report(file: string, pointer: string, message: string): void;
  /** something Strapi accepts: built anyway, and said so */
  warn(file: string, pointer: string, message: string): void;
  warnings: DefinitionWarning[];
  attrPointer(name: string, ...rest: string[]): string;
}

export type Rule = (ctx: RuleContext) => void;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createRuleContext(spec: RawSpec, problems: DefinitionError[], warnings: DefinitionWarning[] = []): RuleContext {
  const definitions: Definition[] = [];
  const asAttributes = (schema: Json) => {
    const attrs = isObject(schema.attributes) ? schema.attributes : {};
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(attrs)) out[k] = isObject(v) ? v : {};
    return out;
  };
  for (const b of BUILTIN_TYPES) {
    const schema = structuredClone(b.schema) as unknown as Json;
    if (b.uid === 'plugin::users-permissions.user' && spec.userExtension && isObject(spec.userExtension.schema)) {
      const ext = spec.userExtension.schema.attributes;
      if (isObject(ext)) Object.assign(schema.attributes as Json, ext);
    }
    const file = b.uid === 'plugin::users-permissions.user' && spec.userExtension ? spec.userExtension.file : `builtin:${b.uid}`;
    definitions.push({ kind: 'contentType', uid: b.uid, file, schema, attributes: asAttributes(schema), builtin: true });
  }
  for (const ct of spec.contentTypes) {
    const schema = isObject(ct.schema) ? ct.schema : {};
    definitions.push({ kind: 'contentType', uid: ct.uid, file: ct.file, schema, attributes: asAttributes(schema), builtin: false });
  }
  for (const c of spec.components) {
    const schema = isObject(c.schema) ? c.schema : {};
    definitions.push({ kind: 'component', uid: c.uid, file: c.file, schema, attributes: asAttributes(schema), builtin: false });
  }
  return {
    spec,
    definitions,
    contentTypes: new Map(definitions.filter((d) => d.kind === 'contentType').map((d) => [d.uid, d])),
    components: new Map(definitions.filter((d) => d.kind === 'component').map((d) => [d.uid, d])),
    report: (file, pointer, message) => problems.push(new DefinitionError(file, pointer, message)),
    warn: (file, pointer, message) => warnings.push(new DefinitionWarning(file, pointer, message)),
    warnings,
    attrPointer: (name, ...rest) => ['', 'attributes', name, ...rest].map(pointerSegment).join('/'),
  };
}
