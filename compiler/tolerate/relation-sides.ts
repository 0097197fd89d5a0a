/**
 * compiler/tolerate: the two relation declarations Strapi v4 starts with although they do not pair up.
 * - `mappedBy` naming no relation back on the target: Strapi keeps no link for it; quire serves the
 *   attribute as a one-sided relation with its own link table, and warns.
 * - both sides `inversedBy` each other: Strapi warns and makes the side of the type whose uid sorts
 *   first read the other side's link table, as if it said `mappedBy`; quire does the same, and warns.
 * Rewrites attributes in the rule context; an `inversedBy` naming nothing stays an error (Strapi refuses it).
 */
import { isObject, type Json, type Rule } from '../rules/rule-context.js';

const PAIRED = new Set(['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany']);

const pointsBack = (other: Json | undefined, owner: string): other is Json =>
  isObject(other) && other.type === 'relation' && other.target === owner;

export const tolerateRelationSides: Rule = (ctx) => {
  for (const d of ctx.definitions) {
    if (d.kind !== 'contentType') continue;
    for (const [name, attr] of Object.entries(d.attributes)) {
      if (attr.type !== 'relation' || typeof attr.relation !== 'string' || !PAIRED.has(attr.relation) || typeof attr.target !== 'string') continue;
      const target = ctx.contentTypes.get(attr.target);
      if (!target) continue;
      const { mappedBy, inversedBy } = attr;
      if (typeof mappedBy === 'string' && inversedBy === undefined && !pointsBack(target.attributes[mappedBy], d.uid)) {
        const rest = { ...attr };
        delete rest.mappedBy;
        d.attributes[name] = rest;
        ctx.warn(d.file, ctx.attrPointer(name, 'mappedBy'), `mappedBy "${mappedBy}": ${attr.target} has no relation "${mappedBy}" back to ${d.uid}; served as a one-sided relation (Strapi starts but keeps no link for it): add that attribute to ${attr.target} or remove mappedBy`);
      } else if (typeof inversedBy === 'string' && mappedBy === undefined && attr.target !== d.uid && d.uid < attr.target) {
        const other = target.attributes[inversedBy];
        if (pointsBack(other, d.uid) && other.inversedBy === name) {
          const rest: Json = { ...attr, mappedBy: inversedBy };
          delete rest.inversedBy;
          d.attributes[name] = rest;
          ctx.warn(d.file, ctx.attrPointer(name, 'inversedBy'), `inversedBy "${inversedBy}": ${attr.target}.${inversedBy} says inversedBy too; as Strapi does, this side reads ${attr.target}'s link table: write "mappedBy": "${inversedBy}" here`);
        }
      }
    }
  }
};
