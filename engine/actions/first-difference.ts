/**
 * engine/actions: where two answers that should be the same text part, for the line that says they
 * differ (QUIRE_CHECK_EXECUTORS): the first differing character and a little of each around it. Pure.
 */

/**
 *   firstDifference('{"id":1,"a":2}', '{"id":1,"a":3}') -> 'at 12: …"id":1,"a":2} / …"id":1,"a":3}'
 */
export function firstDifference(a: string, b: string, context = 80): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - context);
  const part = (s: string) => `${from > 0 ? '…' : ''}${s.slice(from, i + context)}${i + context < s.length ? '…' : ''}`;
  return `at ${i}: ${part(a)} / ${part(b)}`;
}
