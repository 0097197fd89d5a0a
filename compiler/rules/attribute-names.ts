/** compiler/rules: attribute names are identifiers and not one of the names every entry already has. */
import { ATTRIBUTE_NAME } from '../model/names.js';
import { RESERVED_ATTRIBUTE_NAMES } from '../model/types.js';
import type { Rule } from './rule-context.js';

const reserved = new Set<string>(RESERVED_ATTRIBUTE_NAMES);

export const attributeNames: Rule = (ctx) => {
  for (const d of ctx.definitions) {
    for (const name of Object.keys(d.attributes)) {
      if (reserved.has(name)) ctx.report(d.file, ctx.attrPointer(name), `"${name}" is a reserved attribute name`);
      else if (!ATTRIBUTE_NAME.test(name)) ctx.report(d.file, ctx.attrPointer(name), 'attribute names must start with a letter and hold only letters, digits and _');
    }
  }
};
