/**
 * engine/request: the one read-side 400 for a name or value the client may not use. Unknown and
 * private names get the same message so a response never reveals that a private field exists
 * (Strapi: "Invalid parameter internalNotes", details {}). Shared by the request stage and the planner.
 */
import { messages, ValidationError } from '../errors/index.js';

/** `throw invalidParameter('internalNotes')` -> 400 ValidationError "Invalid parameter internalNotes". */
export function invalidParameter(name: string): ValidationError {
  return new ValidationError(messages.invalidParameter(name));
}
