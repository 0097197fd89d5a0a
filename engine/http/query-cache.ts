/**
 * engine/http: query strings parsed once. Clients send the same few query strings again and again
 * (a list page, a populate a frontend always asks for), and the request stage's answer is a pure
 * function of the text: the nested data (`rawQuery`) and the typed query (`query`) are remembered by
 * the query string, frozen, and handed to every request that sends it again. A query string
 * that fails is not remembered: the next request fails the same way. Bounded (lru-cache):
 * MAX_QUERIES query strings of at most MAX_LENGTH characters, least recently used dropped.
 */
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../plan/deep-freeze.js';
import { parseQuery, parseQueryString, type ParsedQuery } from '../request/index.js';

const MAX_QUERIES = 500;
const MAX_LENGTH = 2048;

export interface ParsedSearch {
  readonly raw: Readonly<Record<string, unknown>>;
  /** the typed query (`content` routes) */
  readonly query: ParsedQuery;
  /** the unknown top-level parameters a lenient parse ignored */
  readonly ignored?: readonly string[];
}

export class QueryCache {
  private readonly parsed = new LRUCache<string, ParsedSearch>({ max: MAX_QUERIES });

  constructor(private readonly strict: boolean) {}

  /**
   * The query string `search` (without `?`) as nested data and as a typed query; ValidationError
   * for a malformed one (not remembered). `ignored` hears the unknown parameters of a lenient parse,
   * every time the query string is sent.
   *   cache.content('populate=*') -> { raw: { populate: '*' }, query: { populate: { '*': {} } } }
   */
  content(search: string, ignored?: (names: readonly string[]) => void): ParsedSearch {
    const known = this.parsed.get(search);
    if (known) {
      if (known.ignored) ignored?.(known.ignored);
      return known;
    }
    let skipped: string[] | undefined;
    const raw = parseQueryString(search);
    const query = parseQuery(raw, { strict: this.strict, ignored: (names) => (skipped = names) });
    const out: ParsedSearch = deepFreeze({ raw, query, ...(skipped && { ignored: skipped }) });
    if (skipped) ignored?.(skipped);
    if (search.length <= MAX_LENGTH) this.parsed.set(search, out);
    return out;
  }
}
