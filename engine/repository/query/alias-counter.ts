/**
 * engine/repository/query: table aliases for one statement. Pure.
 *   const a = new AliasCounter(); a.next() -> 't0'; a.next('l') -> 'l1'
 */

/** Hands out table aliases t0, t1, ... unique within one statement. */
export class AliasCounter {
  private n = 0;
  next(prefix = 't'): string {
    return `${prefix}${this.n++}`;
  }
}
