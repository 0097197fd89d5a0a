/**
 * engine/repository/answer: the json values of a statement's answer, printed in Node. A json
 * attribute leaves the statement as jsonb's own text between JSON_VALUE_START and JSON_VALUE_END
 * (control characters, which JSON text never holds raw: every string value, key and json text in
 * the answer has them escaped), and each is written as print-answer.ts writes it: JSON.stringify of
 * what the row decoder makes of jsonb's text. PostgreSQL prints jsonb with spaces, its keys in its
 * own order and numbers as numeric: writing JavaScript's key order and number forms in SQL cost more
 * than the rest of a row. Pure.
 */
import { JSON_VALUE_END, JSON_VALUE_START } from '../dialect/postgres-json.js';
import { VALUE_DECODERS } from '../values/decode-value.js';

/**
 * `body` with every marked json value printed; a body without one is returned as it is (one scan).
 *   printJsonValues('{"m":\u0001{"b": 1, "a": 1.50}\u0002}') -> '{"m":{"b":1,"a":1.5}}'
 */
export function printJsonValues(body: string): string {
  let start = body.indexOf(JSON_VALUE_START);
  if (start === -1) return body;
  let out = '';
  let from = 0;
  while (start !== -1) {
    const end = body.indexOf(JSON_VALUE_END, start);
    out += body.slice(from, start) + JSON.stringify(VALUE_DECODERS.json(body.slice(start + 1, end)));
    from = end + 1;
    start = body.indexOf(JSON_VALUE_START, from);
  }
  return out + body.slice(from);
}
