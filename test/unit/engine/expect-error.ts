/**
 * test helper (unit, engine): assert that a call throws a QuireError with the given status, name,
 * message and (when given) details, the way clients will see it in the error envelope.
 */
import * as assert from 'uvu/assert';
import { QuireError } from '../../../engine/errors/errors.js';

export interface ExpectedError {
  status: number;
  name: string;
  message: string | RegExp;
  details?: Record<string, unknown>;
}

export function expectError(fn: () => unknown, expected: ExpectedError, label = ''): void {
  let thrown: unknown;
  try {
    fn();
  } catch (err) {
    thrown = err;
  }
  assert.ok(thrown !== undefined, `${label}: expected ${expected.name} "${expected.message}", nothing was thrown`);
  assert.ok(thrown instanceof QuireError, `${label}: expected a QuireError, got ${String(thrown)}`);
  const err = thrown as QuireError;
  assert.is(err.status, expected.status, `${label}: status`);
  assert.is(err.name, expected.name, `${label}: name`);
  if (typeof expected.message === 'string') assert.is(err.message, expected.message, `${label}: message`);
  else assert.match(err.message, expected.message, `${label}: message`);
  if (expected.details !== undefined) assert.equal(err.details, expected.details, `${label}: details`);
}

/** The read-side 400 Strapi answers for unknown and private names alike. */
export function invalidParameter(name: string): ExpectedError {
  return { status: 400, name: 'ValidationError', message: `Invalid parameter ${name}`, details: {} };
}
