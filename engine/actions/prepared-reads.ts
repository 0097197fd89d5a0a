/**
 * engine/actions: reads prepared once and kept by value. A prepared read is the plan of a read, the
 * shape of its answer, the answer's printer and, where the database writes answers, its compiled
 * statement (and, for a GraphQL document, what each root field reads): everything that depends only
 * on the request's text (REST: the path's read and query string; GraphQL: the document, the field and
 * its variables), the caller's permissions and the locales, never on the rows. One bounded cache
 * (lru-cache) holds them under those values; its hits and misses are counted for /metrics. What fails
 * to prepare is not kept.
 */
import { LRUCache } from 'lru-cache';
import type { FindOnePlan, FindPlan } from '../plan/types.js';
import type { Loaded } from '../response/print-answer.js';
import type { AnswerShape } from '../response/answer-shape.js';
import type { PreparedAnswer } from '../repository/types.js';

/** reads kept at most (each holds a plan, a shape, a printer and a statement text: a few kB) */
const MAX_READS = 1000;

export interface PreparedRead<P extends FindPlan | FindOnePlan = FindPlan | FindOnePlan> {
  readonly plan: P;
  readonly shape: AnswerShape;
  readonly print: (loaded: Loaded) => string;
  /** the statement writing the answer, when the database writes it (actions/read-answer.ts decides) */
  readonly statement?: PreparedAnswer;
}

export class PreparedReads {
  private readonly reads = new LRUCache<string, object>({ max: MAX_READS });
  hits = 0;
  misses = 0;

  /**
   * The read kept under `key`, else the one `prepare` makes (kept when it succeeds); `key`
   * undefined: prepared each time and not kept.
   *   reads.get('rest find api::tag.tag ?sort=name public@3 en', () => prepare(...))
   */
  get<T extends object>(key: string | undefined, prepare: () => T): T {
    if (key === undefined) return prepare();
    const known = this.reads.get(key);
    if (known) {
      this.hits++;
      return known as T;
    }
    this.misses++;
    const made = prepare();
    this.reads.set(key, made);
    return made;
  }

  /** reads kept now */
  get size(): number {
    return this.reads.size;
  }

  /** forget every prepared read (a model or role change that keys cannot see) */
  clear(): void {
    this.reads.clear();
  }
}
