/**
 * compiler/tolerate: what Strapi v4 starts with although quire's rules would refuse it, made buildable
 * before the rules run. Each step rewrites attributes in the rule context (never the files read) and
 * says what it did with `ctx.warn`; the table of cases is in compiler/README.md.
 */
import type { Rule } from '../rules/rule-context.js';
import { tolerateAttributeOptions } from './attribute-options.js';
import { resolveCustomFields } from './custom-fields.js';
import { tolerateRelationSides } from './relation-sides.js';

/** Run in this order: custom fields first, so later steps see the stored types. */
export const specifiedTolerances: readonly Rule[] = Object.freeze([resolveCustomFields, tolerateRelationSides, tolerateAttributeOptions]);
