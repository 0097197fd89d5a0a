/**
 * compiler/diff: two OpenAPI 3.0 documents -> Changes. Operations are matched by method and path (path
 * parameter names ignored); then parameters, request bodies and responses, with schemas compared by
 * compare-schemas.ts (request side: narrowing breaks; response side: removing or widening breaks). Pure:
 * parsed documents in, data out. Written here because the npm diff tools we tried (openapi-diff)
 * reject cyclic schemas, and quire's filter and populate schemas are cyclic.
 */
import type { Change, ChangeLevel } from './change.js';
import { compareSchemas, deref, type Json, type WalkContext } from './compare-schemas.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const entries = (v: unknown): [string, unknown][] => (isObject(v) ? Object.entries(v) : []);

interface Operation {
  method: string;
  path: string;
  label: string;
  node: Json;
  pathItem: Json;
}

/** `/api/tags/{id}` and `/api/tags/{tagId}` are the same route for a client */
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;

/** by path, then GET, POST, PUT, PATCH, DELETE...: the order a reader expects, and the one "first seen at" follows */
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];
function byRoute(a: Operation, b: Operation): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method);
}

function operationsOf(doc: Json): Map<string, Operation> {
  const ops = new Map<string, Operation>();
  for (const [path, item] of entries(doc.paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS)
      if (isObject(item[method])) ops.set(routeKey(method, path), { method, path, label: `${method.toUpperCase()} ${path}`, node: item[method], pathItem: item });
  }
  return ops;
}

/**
 * Removing `DELETE /api/tags/{id}` gives `{ level: 'breaking', kind: 'operation-removed', path: 'DELETE /api/tags/{id}' }`;
 * making `data.name` required in its request body gives `request-property-became-required` at `TagInput.name`.
 */
export function diffOpenApi(oldDoc: Json, newDoc: Json): Change[] {
  const ctx: WalkContext = { oldDoc, newDoc, changes: [], visited: new Set() };
  const push = (level: ChangeLevel, kind: string, path: string, message: string) => ctx.changes.push({ api: 'rest', level, kind, path, message });
  const before = operationsOf(oldDoc);
  const after = operationsOf(newDoc);
  const keyOf = new Map([...before, ...after].map(([k, op]) => [op, k]));
  for (const a of [...before.values()].sort(byRoute)) {
    const b = after.get(keyOf.get(a)!);
    if (!b) {
      push('breaking', 'operation-removed', a.label, `operation removed${a.node.operationId ? ` (${String(a.node.operationId)})` : ''}`);
      continue;
    }
    diffOperation(ctx, push, a, b);
  }
  for (const b of [...after.values()].sort(byRoute)) {
    if (!before.has(keyOf.get(b)!)) push('safe', 'operation-added', b.label, `operation added${b.node.operationId ? ` (${String(b.node.operationId)})` : ''}`);
  }
  return ctx.changes;
}

type Push = (level: ChangeLevel, kind: string, path: string, message: string) => void;

function diffOperation(ctx: WalkContext, push: Push, a: Operation, b: Operation): void {
  const at = b.label;
  if (a.node.operationId !== b.node.operationId)
    push('dangerous', 'operation-id-changed', at, `operationId ${JSON.stringify(a.node.operationId ?? null)} -> ${JSON.stringify(b.node.operationId ?? null)} (generated clients name methods after it)`);
  if (a.node.deprecated !== true && b.node.deprecated === true) push('safe', 'operation-deprecated', at, 'operation deprecated');
  const sa = JSON.stringify(a.node.security ?? ctx.oldDoc.security ?? []);
  const sb = JSON.stringify(b.node.security ?? ctx.newDoc.security ?? []);
  if (sa !== sb) push('dangerous', 'security-changed', at, `security requirement ${sa} -> ${sb}`);
  diffParameters(ctx, push, a, b);
  diffRequestBody(ctx, push, a, b);
  diffResponses(ctx, push, a, b);
}

/** path-level parameters overridden by operation-level ones, keyed `query:filters`; path parameters by position */
function parametersOf(doc: Json, op: Operation): Map<string, Json> {
  const out = new Map<string, Json>();
  const names = [...op.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  for (const list of [op.pathItem.parameters, op.node.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = deref(doc, raw).node;
      const index = p.in === 'path' ? names.indexOf(String(p.name)) : -1;
      const key = index >= 0 ? `path:#${index}` : `${String(p.in)}:${String(p.name)}`;
      out.set(key, p);
    }
  }
  return out;
}

function diffParameters(ctx: WalkContext, push: Push, a: Operation, b: Operation): void {
  const pa = parametersOf(ctx.oldDoc, a);
  const pb = parametersOf(ctx.newDoc, b);
  const name = (p: Json) => `${String(p.in)} parameter ${String(p.name)}`;
  for (const [key, p] of [...pa].sort()) {
    const q = pb.get(key);
    if (!q) {
      push('dangerous', 'parameter-removed', b.label, `${name(p)} removed (clients sending it may be refused or ignored)`);
      continue;
    }
    if (p.required !== true && q.required === true) push('breaking', 'parameter-became-required', b.label, `${name(q)} became required`);
    if (p.required === true && q.required !== true) push('safe', 'parameter-became-optional', b.label, `${name(q)} became optional`);
    if ((p.style ?? null) !== (q.style ?? null) || (p.explode ?? null) !== (q.explode ?? null))
      push('breaking', 'parameter-serialization-changed', b.label, `${name(q)}: style/explode changed`);
    compareSchemas(ctx, 'request', `${b.label} ${name(q)}`, p.schema, q.schema);
  }
  for (const [key, q] of [...pb].sort()) {
    if (pa.has(key)) continue;
    if (q.required === true) push('breaking', 'parameter-added-required', b.label, `new required ${name(q)}`);
    else push('safe', 'parameter-added', b.label, `new optional ${name(q)}`);
  }
}

function diffRequestBody(ctx: WalkContext, push: Push, a: Operation, b: Operation): void {
  const ra = a.node.requestBody === undefined ? undefined : deref(ctx.oldDoc, a.node.requestBody).node;
  const rb = b.node.requestBody === undefined ? undefined : deref(ctx.newDoc, b.node.requestBody).node;
  const at = `${b.label} request body`;
  if (!ra && !rb) return;
  if (!ra) return push(rb!.required === true ? 'breaking' : 'safe', 'request-body-added', at, `request body added${rb!.required === true ? ' (required)' : ''}`);
  if (!rb) return push('dangerous', 'request-body-removed', at, 'request body removed');
  if (ra.required !== true && rb.required === true) push('breaking', 'request-body-became-required', at, 'request body became required');
  diffContent(ctx, push, 'request', at, ra.content, rb.content);
}

function diffResponses(ctx: WalkContext, push: Push, a: Operation, b: Operation): void {
  const ra = new Map(entries(a.node.responses));
  const rb = new Map(entries(b.node.responses));
  for (const [status, raw] of [...ra].sort()) {
    const at = `${b.label} ${status}`;
    const success = /^2/.test(status);
    if (!rb.has(status)) {
      push(success ? 'breaking' : 'safe', 'response-status-removed', at, `response ${status} removed`);
      continue;
    }
    diffContent(ctx, push, 'response', at, deref(ctx.oldDoc, raw).node.content, deref(ctx.newDoc, rb.get(status)).node.content);
  }
  for (const status of [...rb.keys()].sort())
    if (!ra.has(status)) push(/^2/.test(status) ? 'dangerous' : 'safe', 'response-status-added', `${b.label} ${status}`, `response ${status} added`);
}

function diffContent(ctx: WalkContext, push: Push, dir: 'request' | 'response', at: string, ca: unknown, cb: unknown): void {
  const ma = new Map(entries(ca));
  const mb = new Map(entries(cb));
  for (const [type, media] of [...ma].sort()) {
    const other = mb.get(type);
    if (!isObject(other)) {
      push('breaking', `${dir}-media-type-removed`, at, `${type} no longer ${dir === 'request' ? 'accepted' : 'returned'}`);
      continue;
    }
    compareSchemas(ctx, dir, at, isObject(media) ? media.schema : undefined, other.schema);
  }
  for (const type of [...mb.keys()].sort()) if (!ma.has(type)) push('safe', `${dir}-media-type-added`, at, `${type} added`);
}
