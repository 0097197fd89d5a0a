/**
 * unit: plans remembered per shared query (engine/actions/read-plans.ts). A frozen query read again
 * gets the same plan object while the caller's find permissions the planner asked about answer the
 * same, the extras are the same and the locales did not change; any of these changing plans anew.
 * A query that is not frozen is planned every time.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Caller } from '../../../../engine/actions/action-context.js';
import { ReadPlans } from '../../../../engine/actions/read-plans.js';
import { LiveI18n } from '../../../../engine/boot/strapi-settings.js';
import { deepFreeze } from '../../../../engine/plan/deep-freeze.js';
import { planFind } from '../../../../engine/plan/plan-find.js';
import type { FindPlan } from '../../../../engine/plan/types.js';
import { parseQuery } from '../../../../engine/request/parse-query.js';
import { parseQueryString } from '../../../../engine/request/parse-query-string.js';
import { ARTICLE, AUTHOR, model } from '../example-model.js';

const callerWho = (canFind: (uid: string) => boolean): Caller => ({ principal: { kind: 'public' }, canFind, mayLink: () => false });
const everything = callerWho(() => true);
const noAuthors = callerWho((uid) => uid !== AUTHOR);
const query = (search: string) => deepFreeze(parseQuery(parseQueryString(search)));

function planner(plans: ReadPlans) {
  let made = 0;
  const plan = (q: ReturnType<typeof query>, caller: Caller, extras?: object): FindPlan =>
    plans.plan(q, `find ${ARTICLE}`, caller, extras, (canFind) => (made++, planFind(model, ARTICLE, q, { canFind })));
  return { plan, made: () => made };
}

test('a frozen query: planned once, the same plan object after', () => {
  const p = planner(new ReadPlans(model.config.i18n));
  const q = query('populate=author&sort=title');
  const first = p.plan(q, everything);
  assert.is(p.plan(q, everything), first);
  assert.is(p.made(), 1);
  assert.ok(first.populate.author, 'author populated for a caller who may find authors');
});

test('a permission the planner asked about answering otherwise: planned anew, both kept', () => {
  const p = planner(new ReadPlans(model.config.i18n));
  const q = query('populate=author');
  const open = p.plan(q, everything);
  const closed = p.plan(q, noAuthors);
  assert.is.not(closed, open);
  assert.not.ok(closed.populate.author, 'no author for a caller who may not find authors');
  assert.is(p.plan(q, everything), open);
  assert.is(p.plan(q, noAuthors), closed);
  assert.is(p.made(), 2);
  // a permission the plan never asked about does not matter
  const noTags = callerWho((uid) => uid !== 'api::tag.tag');
  assert.is(p.plan(q, noTags), open);
});

test('other extras, or locales that changed: planned anew', () => {
  const i18n = new LiveI18n({ defaultLocale: 'en', locales: ['en', 'fr'] });
  const p = planner(new ReadPlans(i18n));
  const q = query('populate=author');
  const first = p.plan(q, everything);
  assert.is.not(p.plan(q, everything, {}), first, 'another extras object');
  assert.is(p.plan(q, everything), first);
  i18n.set({ defaultLocale: 'fr', locales: ['en', 'fr'] });
  const afterDefault = p.plan(q, everything);
  assert.is.not(afterDefault, first, 'the default locale changed');
  i18n.set({ defaultLocale: 'fr', locales: ['en', 'fr', 'de'] });
  assert.is.not(p.plan(q, everything), afterDefault, 'the locales changed');
});

test('a query that is not frozen (GraphQL arguments, project code): planned every time', () => {
  const p = planner(new ReadPlans(model.config.i18n));
  const q = parseQuery(parseQueryString('populate=author'));
  assert.is.not(p.plan(q, everything), p.plan(q, everything));
  assert.is(p.made(), 2);
});

test('a plan that fails is not remembered: it fails each time', () => {
  const p = planner(new ReadPlans(model.config.i18n));
  const q = query('sort=nope');
  assert.throws(() => p.plan(q, everything));
  assert.throws(() => p.plan(q, everything));
  assert.is(p.made(), 2);
});

test.run();
