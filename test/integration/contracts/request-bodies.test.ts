/**
 * integration (contracts): the published request-body schemas and the planner agree. Over thousands of
 * generated bodies for every write of specs/example and specs/multilingual, the planner refuses every
 * body the contract refuses, except the one documented form (ids as strings of digits, and a null
 * component id: GraphQL's `ID`). With QUIRE_VALIDATE_RESPONSES=1 a body the server accepts although the
 * contract refuses it is logged; clients only ever see the planner's (the catalog's) messages.
 */
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute, NormalizedModel } from '../../../compiler/model/types.js';
import { loadArtifacts } from '../../../engine/artifacts/load-artifacts.js';
import { BodyValidator } from '../../../engine/http/body-validator.js';
import { planCreate, planUpdate } from '../../../engine/plan/index.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { EXAMPLE_SPEC, MULTILINGUAL_SPEC } from '../../helpers/spec-dir.js';

/** values tried in every attribute, of every kind: right and wrong types, bounds, formats, relation forms */
const VALUES: unknown[] = [
  null, true, false, 0, -1, 1, 1.5, 2147483648, 1e300, -1e11, 'abc', '', ' 5 ', '1e3', '12abc', 'x'.repeat(300), 'ABC',
  [], [1], [1, 2], ['abc'], [null], ['x'], [{}], [[1]], {}, { id: 1 }, { id: 'abc' }, { id: 0 }, { foo: 1 }, { id: 1, foo: 2 },
  { connect: [1] }, { set: [1], connect: [2] }, { connect: 'x' }, { connect: [1, 1] }, { connect: [{ id: 1, position: { before: 2 } }] },
  { connect: [{ id: 1, position: { foo: 1 } }] }, { connect: [{ id: 1, position: { start: 1 } }] }, { disconnect: [1] }, { set: [] },
  { set: null }, { connect: null }, { connect: [1], foo: 1 },
  '2024-05-01', '2024-13-45', '2024-02-30', '10:30', '10:30:00.123', '10:30:00.1234', '25:99', '2024-05-01T10:00:00Z', '2024-05-01 10:00',
  '1700000000000', 1700000000000, 'a@b.co', 'not-email', 'news', '9223372036854775808', '-9223372036854775809', '1.5',
];
/** the forms the planner takes beyond the REST contract, for GraphQL's `ID` */
const ID_FORMS: unknown[] = ['5'];

interface Case {
  operationId: string;
  uid: string;
  action: 'create' | 'update';
  label: string;
  body: unknown;
  /** a documented form the planner accepts although the REST contract refuses it */
  idForm?: boolean;
}

function validValue(model: NormalizedModel, attr: Attribute): unknown {
  if (attr.kind === 'component') {
    const item = validComponent(model, attr.component);
    return attr.repeatable ? Array.from({ length: Math.max(attr.min ?? 1, 1) }, () => item) : item;
  }
  if (attr.kind === 'dynamiczone') return Array.from({ length: Math.max(attr.min ?? 1, 1) }, () => ({ __component: attr.components[0], ...validComponent(model, attr.components[0]) }));
  if (attr.kind === 'media') return attr.multiple ? [1] : 1;
  if (attr.kind === 'relation') return 1;
  switch (attr.type) {
    case 'email': return 'valid@example.com';
    case 'enumeration': return attr.enum?.[0];
    case 'integer': case 'float': case 'decimal': return attr.min ?? 1;
    case 'biginteger': return '1';
    case 'boolean': return true;
    case 'date': return '2024-01-01';
    case 'time': return '10:00:00.000';
    case 'datetime': case 'timestamp': return '2024-01-01T00:00:00.000Z';
    case 'json': return { a: 1 };
    case 'uid': return 'valid-uid';
    default:
      if (attr.regex) return attr.regex.includes('https') ? 'https://example.com' : 'AB1234567890';
      return 'v'.repeat(Math.max(attr.minLength ?? 1, 5));
  }
}

function validComponent(model: NormalizedModel, uid: string): Record<string, unknown> {
  const component = model.components[uid];
  return Object.fromEntries(component.order.filter((n) => component.attributes[n].required).map((n) => [n, validValue(model, component.attributes[n])]));
}

/** every write body of a spec: the minimal valid one with one attribute (or one component attribute) changed */
function cases(model: NormalizedModel, operations: Map<string, string>): Case[] {
  const out: Case[] = [];
  for (const [uid, type] of Object.entries(model.contentTypes)) {
    for (const action of ['create', 'update'] as const) {
      const operationId = operations.get(`${uid} ${action}`);
      if (!operationId) continue;
      const base: Record<string, unknown> = {};
      if (action === 'create') for (const n of type.order) if (type.attributes[n].required) base[n] = validValue(model, type.attributes[n]);
      const add = (label: string, data: Record<string, unknown>, idForm = false) => out.push({ operationId, uid, action, label, body: { data: { ...base, ...data } }, idForm });
      for (const body of [null, [], {}, { data: null }, { data: [] }, { data: 'x' }]) out.push({ operationId, uid, action, label: `body ${JSON.stringify(body)}`, body });
      for (const extra of [{ publishedAt: null }, { publishedAt: 'x' }, { publishedAt: 5 }, { locale: 'xx' }, { unknownKey: 1 }]) add(JSON.stringify(extra), extra);
      for (const name of type.order) {
        const attr = type.attributes[name];
        const idLike = attr.kind === 'relation' || (attr.kind === 'media' && !attr.multiple);
        for (const v of VALUES) add(`${name}=${JSON.stringify(v)}`, { [name]: v });
        for (const v of ID_FORMS) add(`${name}=${JSON.stringify(v)}`, { [name]: v }, idLike);
        if (attr.kind !== 'component' && attr.kind !== 'dynamiczone') continue;
        for (const cuid of attr.kind === 'component' ? [attr.component] : attr.components) {
          const wrap = (item: Record<string, unknown>) => (attr.kind === 'dynamiczone' ? [{ __component: cuid, ...item }] : attr.repeatable ? [item] : item);
          const valid = validComponent(model, cuid);
          const component = model.components[cuid];
          for (const n of component.order) {
            const inner = component.attributes[n];
            for (const v of VALUES) add(`${name}(${cuid}).${n}=${JSON.stringify(v)}`, { [name]: wrap({ ...valid, [n]: v }) });
            for (const v of ID_FORMS) add(`${name}(${cuid}).${n}=${JSON.stringify(v)}`, { [name]: wrap({ ...valid, [n]: v }) }, inner.kind === 'relation' || (inner.kind === 'media' && !inner.multiple));
          }
          for (const v of VALUES) add(`${name}(${cuid}).id=${JSON.stringify(v)}`, { [name]: wrap({ ...valid, id: v }) }, v === null);
          for (const v of ID_FORMS) add(`${name}(${cuid}).id=${JSON.stringify(v)}`, { [name]: wrap({ ...valid, id: v }) }, true);
          add(`${name}(${cuid}) empty`, { [name]: wrap({}) });
        }
        if (attr.kind === 'dynamiczone') for (const v of [null, 5, 'nope', {}]) add(`${name}[0].__component=${JSON.stringify(v)}`, { [name]: [{ __component: v }] });
      }
    }
  }
  return out;
}

function plannerRefuses(model: NormalizedModel, c: Case): boolean {
  try {
    if (c.action === 'create') planCreate(model, c.uid, c.body, { now: new Date() });
    else planUpdate(model, c.uid, 1, c.body, { now: new Date() });
    return false;
  } catch {
    return true;
  }
}

for (const spec of [EXAMPLE_SPEC, MULTILINGUAL_SPEC]) {
  test(`${spec.split('/').pop()}: the planner refuses every body the contract refuses, but the documented id forms, which it takes`, async () => {
    const { model, openapi } = loadArtifacts(join(spec, 'artifacts'));
    const contract = await BodyValidator.create(openapi);
    const operations = new Map<string, string>();
    for (const item of Object.values(openapi.paths)) {
      for (const op of Object.values(item)) {
        const x = op?.['x-quire'];
        if (x && op.requestBody && x.uid.startsWith('api::') && (x.action === 'create' || x.action === 'update')) operations.set(`${x.uid} ${x.action}`, op.operationId);
      }
    }
    const all = cases(model, operations);
    assert.ok(all.length > 1000, `${all.length} bodies`);
    const gaps: string[] = [];
    let refusedByContract = 0;
    for (const c of all) {
      const problems = await contract.problems(c.operationId, c.body);
      const refused = plannerRefuses(model, c);
      if (problems.length > 0) refusedByContract++;
      if (c.idForm) {
        if (refused) gaps.push(`${c.operationId} ${c.label}: the planner refuses a documented id form`);
      } else if (problems.length > 0 && !refused) {
        gaps.push(`${c.operationId} ${c.label}: accepted, but the contract says ${problems[0]}`);
      }
    }
    assert.ok(refusedByContract > all.length / 4, `the contract refuses ${refusedByContract} of ${all.length}`);
    assert.equal(gaps, []);
  });
}

let s: TestServer;
const logged: { level: number; msg: string; operationId?: string; contract?: string[] }[] = [];

test('QUIRE_VALIDATE_RESPONSES=1: a body accepted although the contract refuses it is logged; clients see the planner\'s messages', async () => {
  const sink = new Writable({ write: (line, _enc, done) => (logged.push(JSON.parse(String(line))), done()) });
  s = await startTestServer({ name: 'contracts-bodies', env: { QUIRE_VALIDATE_RESPONSES: '1' }, logger: pino({ level: 'debug' }, sink) });
  const admin = await s.token('full-access');
  const drift = () => logged.filter((l) => l.msg === 'request body accepted although the contract refuses it');
  const settle = () => new Promise((r) => setTimeout(r, 50));

  const parent = await s.request('POST', '/api/categories', { token: admin, body: { data: { name: 'Parent', slug: 'parent' } } });
  assert.is(parent.status, 200, parent.text);
  const child = await s.request('POST', '/api/categories', { token: admin, body: { data: { name: 'Child', slug: 'child', parent: String(parent.body.data.id) } } });
  assert.is(child.status, 200, child.text);
  await settle();
  assert.is(drift().length, 1, JSON.stringify(logged));
  assert.is(drift()[0].operationId, 'category.create');
  assert.match(String(drift()[0].contract), /\/data\/parent must be integer/);

  const refused = await s.request('POST', '/api/articles', { token: admin, body: { data: { title: 'ab', readingTime: '5' } } });
  assert.equal(refused.body, {
    data: null,
    error: {
      status: 400, name: 'ValidationError', message: '2 errors occurred',
      details: { errors: [
        { path: ['title'], message: 'title must be at least 3 characters', name: 'ValidationError' },
        { path: ['readingTime'], message: 'readingTime must be a `number` type, but the final value was: `"5"`.', name: 'ValidationError' },
      ] },
    },
  });
  const fine = await s.request('POST', '/api/tags', { token: admin, body: { data: { name: 'fine' } } });
  assert.is(fine.status, 200);
  await settle();
  assert.is(drift().length, 1, 'a refused body and a valid one are no drift');
  await s.stop();
});

test.run();
