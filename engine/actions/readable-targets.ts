/**
 * engine/actions: a write may link only entries the caller may read. Connecting or setting a
 * relation to a type the caller cannot `find` (a users-permissions user from a content entry, a type
 * without find permission for that role or token) is a 400 worded as for entries that do not exist,
 * so the answer never tells whether they do; in components and dynamic-zone items too. Disconnecting
 * is always allowed. Media are files, which Strapi lets every writer link. A signed-in user may
 * always link their own account (they read it at /users/me): `{ author: me.id }` from a frontend
 * works, any other user id does not. Pure: checks the plan.
 */
import type { Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { messages, ValidationError, validationIssue, type MessagePath, type ValidationIssue } from '../errors/index.js';
import type { ComponentWrite, WriteData } from '../plan/types.js';

/** May the caller link this entry: the type is readable to them, or it is their own account. */
export type MayLink = (uid: string, id: number) => boolean;

function collect(model: NormalizedModel, schema: ContentType | Component, data: WriteData, mayLink: MayLink, path: MessagePath, out: ValidationIssue[]): void {
  for (const [name, write] of Object.entries(data.relations)) {
    const attr = schema.attributes[name];
    if (!attr || attr.kind !== 'relation') continue;
    const ids = write.kind === 'set' ? write.ids : write.connect.map((c) => c.id);
    const refused = ids.filter((id) => !mayLink(attr.target, id)).length;
    if (refused > 0) out.push(validationIssue([...path, name], messages.relationsNotFound(refused, attr.target)));
  }
  const items = (uid: string, value: ComponentWrite, at: MessagePath) => {
    const component = model.components[uid];
    if (component) collect(model, component, value.data, mayLink, at, out);
  };
  for (const [name, value] of Object.entries(data.components)) {
    const attr = schema.attributes[name];
    if (!attr || attr.kind !== 'component' || value === null) continue;
    if (Array.isArray(value)) value.forEach((item, i) => items(attr.component, item, [...path, name, String(i)]));
    else items(attr.component, value as ComponentWrite, [...path, name]);
  }
  for (const [name, zone] of Object.entries(data.dynamicZones)) zone.forEach((item, i) => items(item.component, item, [...path, name, String(i)]));
}

/**
 *   assertReadableTargets(model, article, { relations: { reviewer: { kind: 'set', ids: [3] } }, ... }, (uid) => uid !== USER)
 *   -> 400 "1 relation(s) of type plugin::users-permissions.user associated with this entity do not exist" at ['reviewer']
 */
export function assertReadableTargets(model: NormalizedModel, uid: string, data: WriteData, mayLink: MayLink): void {
  const type = model.contentTypes[uid];
  if (!type) return;
  const issues: ValidationIssue[] = [];
  collect(model, type, data, mayLink, [], issues);
  if (issues.length > 0) throw ValidationError.of(issues);
}
