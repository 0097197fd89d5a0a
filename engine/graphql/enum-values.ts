/**
 * engine/graphql: the GraphQL names of enumeration values and the map back to stored values. A copy
 * of the emitter's rule (compiler/emit/graphql/type-names.ts): the engine must not import compiler/emit,
 * and a unit test keeps the two in step. Pure string functions.
 */

/**
 * The GraphQL enum value for a stored enumeration value, slugified with `_` the way Strapi does
 * (case kept): `news` -> `news`, `in review` -> `in_review`, `2nd` -> `_2nd`.
 */
export function enumValueName(value: string): string {
  const slug = value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[0-9]/.test(slug) ? `_${slug}` : slug || '_';
}

/** GraphQL enum value name -> stored value: `enumValueMap(['in review'])` -> { in_review: 'in review' }. */
export function enumValueMap(values: readonly string[]): Record<string, string> {
  return Object.fromEntries(values.map((v) => [enumValueName(v), v]));
}
