/** compiler/rules: relation kinds are known, targets exist, and inversedBy/mappedBy pairs point at each other. */
import { RELATION_KINDS } from '../model/types.js';
import type { Rule } from './rule-context.js';

const MIRROR: Record<string, string> = { oneToOne: 'oneToOne', oneToMany: 'manyToOne', manyToOne: 'oneToMany', manyToMany: 'manyToMany' };

export const relations: Rule = (ctx) => {
  for (const d of ctx.definitions) {
    for (const [name, attr] of Object.entries(d.attributes)) {
      if (attr.type !== 'relation') continue;
      const kind = attr.relation;
      const p = (k: string) => ctx.attrPointer(name, k);
      if (typeof kind !== 'string' || !(RELATION_KINDS as readonly string[]).includes(kind)) {
        ctx.report(d.file, p('relation'), `unknown relation kind ${JSON.stringify(kind)} (expected one of ${RELATION_KINDS.join(', ')})`);
        continue;
      }
      if (typeof attr.target !== 'string') {
        ctx.report(d.file, p('target'), 'relation needs "target": a content-type uid such as "api::article.article"');
        continue;
      }
      const target = ctx.contentTypes.get(attr.target);
      if (!target) {
        ctx.report(d.file, p('target'), `relation target "${attr.target}" does not exist`);
        continue;
      }
      const { inversedBy, mappedBy } = attr;
      if (inversedBy === undefined && mappedBy === undefined) continue;
      if (inversedBy !== undefined && mappedBy !== undefined) {
        ctx.report(d.file, p('mappedBy'), 'a relation has either inversedBy or mappedBy, not both');
        continue;
      }
      if (d.kind === 'component') {
        ctx.report(d.file, p(inversedBy !== undefined ? 'inversedBy' : 'mappedBy'), 'relations in components are one-way: remove inversedBy/mappedBy');
        continue;
      }
      if (kind === 'oneWay' || kind === 'manyWay') {
        ctx.report(d.file, p(inversedBy !== undefined ? 'inversedBy' : 'mappedBy'), `a ${kind} relation has no other side: remove inversedBy/mappedBy`);
        continue;
      }
      const key = inversedBy !== undefined ? 'inversedBy' : 'mappedBy';
      const otherKey = key === 'inversedBy' ? 'mappedBy' : 'inversedBy';
      const otherName = inversedBy ?? mappedBy;
      if (typeof otherName !== 'string') {
        ctx.report(d.file, p(key), `${key} must be an attribute name`);
        continue;
      }
      const other = target.attributes[otherName];
      if (!other) {
        ctx.report(d.file, p(key), `${key} "${otherName}" is not an attribute of ${attr.target}`);
        continue;
      }
      if (other.type !== 'relation' || other.target !== d.uid) {
        ctx.report(d.file, p(key), `${key} "${otherName}": ${attr.target}.${otherName} is not a relation to ${d.uid}`);
        continue;
      }
      if (other[otherKey] !== name) {
        ctx.report(d.file, p(key), `${key} "${otherName}": ${attr.target}.${otherName} must have ${otherKey}: "${name}"`);
        continue;
      }
      if (key === 'inversedBy' && other.relation !== MIRROR[kind])
        ctx.report(d.file, p('relation'), `${kind} does not match ${attr.target}.${otherName} (${String(other.relation)}); expected ${MIRROR[kind]} there`);
    }
  }
};
