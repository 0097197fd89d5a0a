/**
 * bench: checks once per database that the ceiling answers what quire answers. Returns the first
 * path where two JSON values differ (key order ignored), or undefined when they are equal.
 *   firstDifference({ a: [1, 2] }, { a: [1, 3] }) -> 'a[1]: 2 != 3'
 */

export function firstDifference(a: unknown, b: unknown, path = '', names: [string, string] = ['quire', 'ceiling']): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return `${path || '(root)'}: ${JSON.stringify(a)?.slice(0, 80)} != ${JSON.stringify(b)?.slice(0, 80)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return `${path}: ${a.length} items != ${bb.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], bb[i], `${path}[${i}]`, names);
      if (d) return d;
    }
    return undefined;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) {
    if (!(k in ao) || !(k in bo)) return `${path}.${k}: only in ${k in ao ? names[0] : names[1]}`;
    const d = firstDifference(ao[k], bo[k], `${path}.${k}`, names);
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

/**
 * `value` without the stamps two servers seeded at different moments cannot share, at any depth
 *   withoutTimestamps({ id: 1, attributes: { title: 'a', createdAt: '2026-...' } }) -> { id: 1, attributes: { title: 'a' } }
 */
export function withoutTimestamps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimestamps);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== 'createdAt' && k !== 'updatedAt' && k !== 'publishedAt') out[k] = withoutTimestamps(v);
  return out;
}

/**
 * every difference between two JSON values, grouped by path with array indexes folded, most frequent first
 *   differences({ data: [{ meta: {} }, { meta: {} }] }, { data: [{}, {}] }) -> ['.data[].meta: only in quire (2x)']
 */
export function differences(a: unknown, b: unknown, names: [string, string] = ['quire', 'ceiling']): string[] {
  const found = new Map<string, { example: string; count: number }>();
  const walk = (x: unknown, y: unknown, path: string): void => {
    const note = (what: string) => {
      const key = path.replace(/\[\d+\]/g, '[]');
      const seen = found.get(key);
      if (seen) seen.count++;
      else found.set(key, { example: what, count: 1 });
    };
    if (x === y) return;
    if (typeof x !== typeof y || x === null || y === null || typeof x !== 'object') return note(`${JSON.stringify(x)?.slice(0, 60)} != ${JSON.stringify(y)?.slice(0, 60)}`);
    if (Array.isArray(x) !== Array.isArray(y)) return note('array vs object');
    if (Array.isArray(x)) {
      const yy = y as unknown[];
      if (x.length !== yy.length) return note(`${x.length} items != ${yy.length}`);
      x.forEach((v, i) => walk(v, yy[i], `${path}[${i}]`));
      return;
    }
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    for (const k of new Set([...Object.keys(xo), ...Object.keys(yo)])) {
      if (!(k in xo) || !(k in yo)) {
        const key = `${path}.${k}`.replace(/\[\d+\]/g, '[]');
        const seen = found.get(key);
        if (seen) seen.count++;
        else found.set(key, { example: `only in ${k in xo ? names[0] : names[1]}`, count: 1 });
      } else walk(xo[k], yo[k], `${path}.${k}`);
    }
  };
  walk(a, b, '');
  return [...found.entries()].sort((p, q) => q[1].count - p[1].count).map(([path, { example, count }]) => `${path || '(root)'}: ${example}${count > 1 ? ` (${count}x)` : ''}`);
}
