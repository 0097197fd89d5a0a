/**
 * engine/repository/dialect: the one ValidationError both databases' unique violations become,
 * `details.errors[0].path` naming the attribute, as Strapi's unique validator answers.
 */
import { messages, ValidationError, validationIssue } from '../../errors/index.js';

export function uniqueViolation(field: string | undefined): ValidationError {
  return ValidationError.of([validationIssue(field ? [field] : [], messages.unique())]);
}
