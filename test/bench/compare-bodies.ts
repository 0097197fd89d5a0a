/**
 * bench: checks once per database that the ceiling answers what quire answers. Returns the first
 * path where two JSON values differ (key order ignored), or undefined when they are equal.
 *   firstDifference({ a: [1, 2] }, { a: [1, 3] }) -> 'a[1]: 2 != 3'
 */

export function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return `${path || '(root)'}: ${JSON.stringify(a)?.slice(0, 80)} != ${JSON.stringify(b)?.slice(0, 80)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return `${path}: ${a.length} items != ${bb.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], bb[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) {
    if (!(k in ao) || !(k in bo)) return `${path}.${k}: only in ${k in ao ? 'quire' : 'ceiling'}`;
    const d = firstDifference(ao[k], bo[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/** a created entry without what differs between two creates (id, timestamps, title) */
export function withoutVolatile(body: any): unknown {
  const { id: _id, attributes } = body?.data ?? {};
  const { createdAt: _c, updatedAt: _u, publishedAt: _p, ...rest } = attributes ?? {};
  return rest;
}
