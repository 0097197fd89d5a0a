/**
 * compiler/emit/graphql: tiny helpers that write SDL text (fields, arguments, type blocks).
 * Strings in, strings out; no graphql-js here, no knowledge of the model.
 * Definitions are unordered: emit-graphql sorts the built schema before printing.
 */

/** One argument: `pagination: PaginationArg = {}` */
export interface ArgSpec {
  readonly name: string;
  readonly type: string;
  /** SDL literal, e.g. `{}`, `[]`, `LIVE`, `"local"` */
  readonly defaultValue?: string;
}

/** One field of an object or input type. */
export interface FieldSpec {
  readonly name: string;
  readonly type: string;
  readonly args?: readonly ArgSpec[];
  readonly description?: string;
  /** SDL literal for input fields */
  readonly defaultValue?: string;
}

/** `"""text"""` block string, escaped for SDL. */
export function description(text: string | undefined, indent = ''): string {
  if (!text) return '';
  return `${indent}"""${text.replace(/"""/g, '\\"""')}"""\n`;
}

function printArg(a: ArgSpec): string {
  return `${a.name}: ${a.type}${a.defaultValue !== undefined ? ` = ${a.defaultValue}` : ''}`;
}

/** `  name(a: T = d): Type` */
export function printField(f: FieldSpec): string {
  const args = f.args && f.args.length > 0 ? `(${f.args.map(printArg).join(', ')})` : '';
  const def = f.defaultValue !== undefined ? ` = ${f.defaultValue}` : '';
  return `${description(f.description, '  ')}  ${f.name}${args}: ${f.type}${def}`;
}

/** `type Name { ... }` / `input Name { ... }`; fields with the same name: the last one wins. */
export function printBlock(keyword: 'type' | 'input', name: string, fields: readonly FieldSpec[], desc?: string): string {
  const byName = new Map<string, FieldSpec>();
  for (const f of fields) byName.set(f.name, f);
  return `${description(desc)}${keyword} ${name} {\n${[...byName.values()].map(printField).join('\n')}\n}`;
}

export const objectType = (name: string, fields: readonly FieldSpec[], desc?: string) =>
  printBlock('type', name, fields, desc);
export const inputType = (name: string, fields: readonly FieldSpec[], desc?: string) =>
  printBlock('input', name, fields, desc);

export function enumType(name: string, values: readonly string[]): string {
  return `enum ${name} {\n${values.map((v) => `  ${v}`).join('\n')}\n}`;
}

export function unionType(name: string, members: readonly string[]): string {
  return `union ${name} = ${members.join(' | ')}`;
}

export function scalarType(name: string, desc?: string): string {
  return `${description(desc)}scalar ${name}`;
}

/** JSON string literal usable as an SDL default value. */
export const stringLiteral = (s: string) => JSON.stringify(s);
