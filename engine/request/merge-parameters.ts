/**
 * engine/request: how the qs parser of Strapi 4.0-4.14 (qs 6.11) merged the repeated parameters of
 * one name, kept for `populate`, `fields` and `sort`, which frontends written for those versions
 * send in mixed forms: `populate[blocks][populate]=a&populate=localizations` was
 * `{ blocks: { populate: 'a' }, localizations: true }` (a name merged into an object became a key
 * set to true), where newer qs makes an array of both and Strapi 4.26 answers 500. Written from qs's
 * documented behaviour; pure, returns new values.
 */

type Value = unknown;

const isObject = (v: Value): v is Record<string, Value> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `['a', 'b']` -> `{ 0: 'a', 1: 'b' }` */
function arrayToObject(list: readonly Value[]): Record<string, Value> {
  const out: Record<string, Value> = {};
  list.forEach((item, i) => {
    if (item !== undefined) out[String(i)] = item;
  });
  return out;
}

/**
 * Merge the value of a later parameter (`source`) into what the earlier ones gave (`target`):
 *   mergeParameters({ blocks: { populate: 'a' } }, 'localizations') -> { blocks: { populate: 'a' }, localizations: true }
 *   mergeParameters(['a'], 'b') -> ['a', 'b'];   mergeParameters('a', 'b') -> ['a', 'b']
 *   mergeParameters(['a'], { seo: 'x' }) -> { 0: 'a', seo: 'x' }
 */
export function mergeParameters(target: Value, source: Value): Value {
  if (source === undefined || source === null || source === '') return target;
  if (target === undefined) return source;
  if (typeof source !== 'object') {
    if (Array.isArray(target)) return [...target, source];
    if (isObject(target)) return { ...target, [String(source)]: true };
    return [target, source];
  }
  if (typeof target !== 'object' || target === null) return [target, ...(Array.isArray(source) ? source : [source])];
  if (Array.isArray(target) && Array.isArray(source)) {
    const out = [...target];
    source.forEach((item, i) => {
      if (i < target.length) {
        if (typeof out[i] === 'object' && out[i] !== null && typeof item === 'object' && item !== null) out[i] = mergeParameters(out[i], item);
        else out.push(item);
      } else out[i] = item;
    });
    return out;
  }
  const out: Record<string, Value> = Array.isArray(target) ? arrayToObject(target) : { ...target };
  for (const [key, value] of Object.entries(source as Record<string, Value>)) {
    out[key] = Object.hasOwn(out, key) ? mergeParameters(out[key], value) : value;
  }
  return out;
}
