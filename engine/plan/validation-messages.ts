/**
 * engine/plan: the body-validation messages clients know from Strapi v4 (its yup validators):
 * "title must be defined.", "title must be at least 3 characters", ... Paths print the yup way:
 * ['sources', 0, 'title'] -> "sources[0].title". Pure strings; the callers collect issues.
 */

type Path = readonly (string | number)[];

function at(path: Path): string {
  return path.reduce<string>((out, seg) => (typeof seg === 'number' ? `${out}[${seg}]` : out === '' ? seg : `${out}.${seg}`), '');
}

function printValue(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** `messages.minLength(['title'], 3)` -> "title must be at least 3 characters". */
export const messages = Object.freeze({
  defined: (p: Path) => `${at(p)} must be defined.`,
  notNull: (p: Path) => `${at(p)} cannot be null.`,
  type: (p: Path, type: string, value: unknown) => `${at(p)} must be a \`${type}\` type, but the final value was: \`${printValue(value)}\`.`,
  integer: (p: Path) => `${at(p)} must be an integer`,
  min: (p: Path, min: number | string) => `${at(p)} must be greater than or equal to ${min}`,
  max: (p: Path, max: number | string) => `${at(p)} must be less than or equal to ${max}`,
  minLength: (p: Path, min: number) => `${at(p)} must be at least ${min} characters`,
  maxLength: (p: Path, max: number) => `${at(p)} must be at most ${max} characters`,
  oneOf: (p: Path, values: readonly string[]) => `${at(p)} must be one of the following values: ${values.join(', ')}`,
  email: (p: Path) => `${at(p)} must be a valid email`,
  matches: (p: Path, regex: RegExp) => `${at(p)} must match the following: "${regex}"`,
  temporal: (p: Path, type: string) => `${at(p)} must be a valid ${type}`,
  minItems: (p: Path, min: number) => `${at(p)} field must have at least ${min} items`,
  maxItems: (p: Path, max: number) => `${at(p)} field must have less than or equal to ${max} items`,
  relationId: (p: Path, value: unknown) => `${at(p)} must reference entries by positive integer ids, got ${printValue(value)}`,
  relationShape: (p: Path) => `${at(p)} must be an id, an array of ids, or an object with connect, disconnect or set`,
  relationSetMixed: (p: Path) => `${at(p)}: set cannot be combined with connect or disconnect`,
  relationTwice: (p: Path, id: number) => `${at(p)}: the relation with id ${id} is connected more than once`,
  relationPosition: (p: Path) => `${at(p)}: position must have exactly one of before, after, start or end`,
  mediaShape: (p: Path, multiple: boolean) => `${at(p)} must be ${multiple ? 'a file id or an array of file ids' : 'a file id'}`,
});
