/** compiler/rules: component and dynamic-zone attributes name existing components, and no component contains itself. */
import type { Rule } from './rule-context.js';

export const componentRefs: Rule = (ctx) => {
  for (const d of ctx.definitions) {
    for (const [name, attr] of Object.entries(d.attributes)) {
      if (attr.type === 'component') {
        if (typeof attr.component !== 'string') ctx.report(d.file, ctx.attrPointer(name, 'component'), 'component attribute needs "component": "<category>.<name>"');
        else if (!ctx.components.has(attr.component)) ctx.report(d.file, ctx.attrPointer(name, 'component'), `component "${attr.component}" does not exist`);
      }
      if (attr.type === 'dynamiczone') {
        const list = attr.components;
        if (!Array.isArray(list) || list.length === 0) ctx.report(d.file, ctx.attrPointer(name, 'components'), 'dynamic zone needs "components": a non-empty array');
        else {
          list.forEach((c, i) => {
            if (typeof c !== 'string' || !ctx.components.has(c)) ctx.report(d.file, ctx.attrPointer(name, 'components', String(i)), `component ${JSON.stringify(c)} does not exist`);
          });
          if (new Set(list).size !== list.length) ctx.report(d.file, ctx.attrPointer(name, 'components'), 'a component is listed twice');
        }
      }
    }
  }
  // cycles: a component reachable from itself
  const edges = new Map<string, string[]>();
  for (const c of ctx.components.values())
    edges.set(c.uid, Object.values(c.attributes).filter((a) => a.type === 'component' && typeof a.component === 'string').map((a) => a.component as string));
  for (const start of ctx.components.values()) {
    const seen = new Set<string>();
    const stack = [...(edges.get(start.uid) ?? [])];
    while (stack.length) {
      const next = stack.pop()!;
      if (next === start.uid) {
        ctx.report(start.file, '', `component "${start.uid}" contains itself (directly or through other components)`);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
  }
};
