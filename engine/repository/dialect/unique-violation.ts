/**
 * engine/repository/dialect: the one ValidationError both databases' unique violations become,
 * `details.errors[0].path` naming the attribute, as Strapi's unique validator answers.
 */
import { ValidationError } from '../../errors/errors.js';

export function uniqueViolation(field: string | undefined): ValidationError {
  return ValidationError.of([{ path: field ? [field] : [], message: 'This attribute must be unique', name: 'ValidationError' }]);
}
