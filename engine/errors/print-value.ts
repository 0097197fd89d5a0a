/**
 * engine/errors: how a validation message shows a path and a value, the way Strapi v4's messages
 * (yup's) print them: `blocks[1].links[0].label`, `"many"`, `NaN`, objects as indented JSON whose
 * leaves are printed the same way. Pure; imports nothing.
 */

/** A path inside a body: attribute names, and numbers for the index of an array item. */
export type MessagePath = readonly (string | number)[];

/**
 * `printPath(['blocks', 1, 'links', 0, 'label'])` -> "blocks[1].links[0].label"; `printPath([])` -> "this"
 * (yup's name for the value itself).
 */
export function printPath(path: MessagePath): string {
  let out = '';
  for (const segment of path) out = typeof segment === 'number' ? `${out}[${segment}]` : out === '' ? segment : `${out}.${segment}`;
  return out === '' ? 'this' : out;
}

/** The path as `details.errors[].path` gives it: every segment a string, indices too (`['blocks', '1', 'text']`). */
export function wirePath(path: MessagePath): string[] {
  return path.map(String);
}

function printSimple(value: unknown, quoteStrings: boolean): string | null {
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return quoteStrings ? `"${value}"` : value;
  return null;
}

/**
 * A value inside a type message:
 *   printValue('many') -> '"many"'; printValue(NaN) -> 'NaN'; printValue(null) -> 'null'
 *   printValue({ a: 1 }) -> '{\n  "a": "1"\n}'; printValue(['x']) -> '[\n  "\\"x\\""\n]'
 */
export function printValue(value: unknown, quoteStrings = true): string {
  const simple = printSimple(value, quoteStrings);
  if (simple !== null) return simple;
  try {
    return JSON.stringify(
      value,
      function (this: Record<string, unknown>, key: string, inner: unknown) {
        return printSimple(this[key], quoteStrings) ?? inner;
      },
      2,
    );
  } catch {
    return String(value);
  }
}
