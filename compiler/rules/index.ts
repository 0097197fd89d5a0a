/** compiler/rules: the frozen list of definition rules, run in this order; each reports, none throws. */
import { attributeNames } from './attribute-names.js';
import { attributeOptions } from './attribute-options.js';
import { attributeTypes } from './attribute-types.js';
import { componentRefs } from './component-refs.js';
import { configFiles } from './config-files.js';
import { definitionShape } from './definition-shape.js';
import { i18nOptions } from './i18n-options.js';
import { pluginConfig } from './plugin-config.js';
import { relations } from './relations.js';
import type { Rule } from './rule-context.js';
import { uniqueNames } from './unique-names.js';
import { webhooksConfig } from './webhooks-config.js';

export const specifiedRules: readonly Rule[] = Object.freeze([
  definitionShape,
  attributeNames,
  attributeTypes,
  attributeOptions,
  relations,
  componentRefs,
  uniqueNames,
  configFiles,
  pluginConfig,
  webhooksConfig,
  i18nOptions,
]);
