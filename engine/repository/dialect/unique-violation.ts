/**
 * engine/repository/dialect: the one error both databases' unique violations become, a
 * ValidationError whose `details.errors[0].path` names the attribute, as Strapi's unique validator
 * answers; its `field` lets an action put it in its own words.
 */
import { UniqueViolationError } from '../../errors/index.js';

export function uniqueViolation(field: string | undefined): UniqueViolationError {
  return new UniqueViolationError(field);
}
