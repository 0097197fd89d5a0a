/**
 * test/strapi: where quire answers differently from Strapi 4.26.2 on purpose, as functions over the
 * two answers of one request. `unordered`: Strapi sends a list without ORDER BY when no sort is asked
 * (PostgreSQL then returns rows in storage order, which moves on every update); quire orders by id, so
 * such lists compare as sets. `deliberate`: the contract's entry-level `meta` ({}, or
 * `availableLocales` on a localized type), `createdBy`/`updatedBy` attached (null for writes without an admin) on a type with
 * populateCreatorFields, populated relations without the drafts of a draft-and-publish target,
 * entries of equal sort values in id order, a `timestamp` attribute's value over
 * GraphQL (Strapi answers null there).
 */

type Json = any;

const byId = (a: Json, b: Json) => Number(a?.id) - Number(b?.id);

/** the answer's top-level list (REST `data`, GraphQL `data.<field>.data`) sorted by id */
export function unordered(body: Json): Json {
  if (!body || typeof body !== 'object') return body;
  const copy = structuredClone(body);
  if (Array.isArray(copy.data)) copy.data.sort(byId);
  else if (copy.data && typeof copy.data === 'object') {
    for (const v of Object.values(copy.data) as Json[]) if (Array.isArray(v?.data)) v.data.sort(byId);
  }
  return copy;
}

/** quire's answer with the contract's additions Strapi does not send taken out */
export function withoutDeliberate(quire: Json, strapi: Json): Json {
  if (!quire || typeof quire !== 'object') return quire;
  const copy = structuredClone(quire);
  const entries = (x: Json): Json[] => (Array.isArray(x?.data) ? x.data : x?.data && typeof x.data === 'object' && 'attributes' in x.data ? [x.data] : []);
  const strapiEntries = entries(strapi);
  entries(copy).forEach((e: Json, i: number) => {
    const other = strapiEntries.find((s: Json) => s?.id === e.id) ?? strapiEntries[i];
    // the contract's entry-level meta.availableLocales of a localized type, which Strapi's REST omits
    const keys = e.meta ? Object.keys(e.meta) : [];
    if (e.meta && (keys.length === 0 || (!(other && 'meta' in other) && keys.every((k) => k === 'availableLocales')))) delete e.meta;
    for (const k of ['createdBy', 'updatedBy']) {
      if (!e.attributes || e.attributes[k] !== null || !other?.attributes) continue;
      if (!(k in other.attributes)) delete e.attributes[k];
      else if (other.attributes[k]?.data === null) e.attributes[k] = other.attributes[k];
    }
  });
  return copy;
}

/** Strapi's answer without the drafts it lists in populated relations (quire hides them unless preview) */
export function withoutPopulatedDrafts(strapi: Json): Json {
  const copy = structuredClone(strapi);
  const isDraft = (e: Json) => e?.attributes?.publishedAt === null;
  const walk = (x: Json): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (!x || typeof x !== 'object') return;
    if (Array.isArray(x.data)) x.data = x.data.filter((e: Json) => !isDraft(e));
    else if (x.data && isDraft(x.data)) x.data = null;
    for (const v of Object.values(x)) walk(v);
  };
  const top = Array.isArray(copy?.data) ? copy.data : copy?.data ? [copy.data] : [];
  for (const e of top) walk(e?.attributes);
  return copy;
}

/**
 * Strapi's list sorted `<field>:asc` with entries of equal values in id order, as quire sorts them
 * (Strapi's order among equal values is the storage order; NULLs stay where the database put them)
 */
export function tiesInIdOrder(strapi: Json, path: string): Json {
  const m = /[?&]sort=([A-Za-z]+):asc(&|$)/.exec(path);
  if (!m || !Array.isArray(strapi?.data)) return strapi;
  const copy = structuredClone(strapi);
  const value = (e: Json) => JSON.stringify(e?.attributes?.[m[1]] ?? null);
  const runs: Json[][] = [];
  for (const e of copy.data) {
    const last = runs[runs.length - 1];
    if (last && value(last[0]) === value(e)) last.push(e);
    else runs.push([e]);
  }
  copy.data = runs.flatMap((r) => r.sort(byId));
  return copy;
}

/** GraphQL: Strapi fails on a `timestamp` attribute (an error and null); quire answers its ISO date */
export function withoutGraphqlTimestamps(quire: Json, strapi: Json, attributes: readonly string[]): Json {
  const copy = structuredClone(quire);
  const errors = Array.isArray(strapi?.errors) ? strapi.errors : [];
  if (errors.length > 0 && errors.every((e: Json) => attributes.includes(e?.path?.[e.path.length - 1])) && copy && !copy.errors) copy.errors = errors;
  const walk = (q: Json, s: Json): void => {
    if (!q || typeof q !== 'object' || !s || typeof s !== 'object') return;
    for (const k of Object.keys(q)) {
      if (attributes.includes(k) && s[k] === null && typeof q[k] === 'string') q[k] = null;
      else walk(q[k], s[k]);
    }
  };
  walk(copy, strapi);
  return copy;
}

/**
 * `value` (an answer, a `formats` column) with the byte sizes of the resized image formats (`size`,
 * `sizeInBytes` of each entry of a `formats` object) replaced by a mark: quire encodes them with
 * sharp 0.35 (libvips 8.18, zlib-ng 2.3), Strapi 4.26.2 with sharp 0.33.5 (libvips 8.15, zlib-ng
 * 2.2); the same pixels compress to a few hundred bytes more or less. Names, hashes, dimensions, mime
 * types and urls stay compared, and so does the original's size.
 */
export function withoutFormatSizes(value: Json): Json {
  const walk = (x: Json, inFormats: boolean): Json => {
    if (Array.isArray(x)) return x.map((v) => walk(v, false));
    if (!x || typeof x !== 'object') return x;
    const out: Json = {};
    for (const [k, v] of Object.entries(x)) {
      if (inFormats && v && typeof v === 'object') out[k] = { ...(v as object), size: '<encoder>', sizeInBytes: '<encoder>' };
      else out[k] = walk(v, k === 'formats');
    }
    return out;
  };
  return walk(value, false);
}
