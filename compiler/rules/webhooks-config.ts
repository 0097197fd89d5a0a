/**
 * compiler/rules: config/webhooks.json, a list of webhooks (or `{defaultHeaders, webhooks}`), each
 * `{name, url, headers?, events, enabled?, secretEnv?}` with Strapi v4's event names. A literal
 * `secret` is refused: secrets never reach the artifacts (`secretEnv` names the variable instead);
 * a credential header without a `${env:NAME}` placeholder is built with a warning.
 */
import { WEBHOOK_EVENTS } from '../model/types.js';
import { isObject, type Json, type RuleContext, type Rule } from './rule-context.js';

const KEYS = ['name', 'url', 'headers', 'events', 'enabled', 'secretEnv'];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** the webhooks list of the file's value, or undefined when its shape is wrong */
export function webhookList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  return isObject(value) && Array.isArray(value.webhooks) ? value.webhooks : undefined;
}

/** header names whose values are credentials */
const CREDENTIAL = /authorization|token|secret|key|password|cookie/i;

function checkHeaders(ctx: RuleContext, file: string, at: string, headers: unknown): void {
  if (!isObject(headers)) return ctx.report(file, at, 'headers must be an object: header name -> string value');
  for (const [name, v] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) ctx.report(file, `${at}/${name}`, `"${name}" is not a valid header name`);
    else if (typeof v !== 'string') ctx.report(file, `${at}/${name}`, 'a header value must be a string');
    else if (CREDENTIAL.test(name) && !v.includes('${env:'))
      ctx.warn(file, `${at}/${name}`, `the value of ${name} is written to the artifacts as it is: put the credential in an environment variable and write "\${env:NAME}" (quire serve replaces it)`);
  }
}

function checkWebhook(ctx: RuleContext, file: string, at: string, w: Json, names: Set<string>): void {
  for (const key of Object.keys(w)) {
    if (key === 'secret') ctx.report(file, `${at}/secret`, 'a secret is not written to the artifacts: set "secretEnv" to the name of the environment variable that holds it');
    else if (!KEYS.includes(key)) ctx.report(file, `${at}/${key}`, `unknown key "${key}" (${KEYS.join(', ')})`);
  }
  if (typeof w.name !== 'string' || w.name.trim() === '') ctx.report(file, `${at}/name`, 'name must be a non-empty string');
  else if (names.has(w.name)) ctx.report(file, `${at}/name`, `another webhook is named "${w.name}"`);
  else names.add(w.name);
  let url: URL | undefined;
  try {
    url = typeof w.url === 'string' ? new URL(w.url) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) ctx.report(file, `${at}/url`, 'url must be an http or https URL');
  if (w.headers !== undefined) checkHeaders(ctx, file, `${at}/headers`, w.headers);
  if (!Array.isArray(w.events) || w.events.some((e) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(e)))
    ctx.report(file, `${at}/events`, `events must be an array of ${WEBHOOK_EVENTS.join(', ')}`);
  if (w.enabled !== undefined && typeof w.enabled !== 'boolean') ctx.report(file, `${at}/enabled`, 'enabled must be a boolean');
  if (w.secretEnv !== undefined && (typeof w.secretEnv !== 'string' || !ENV_NAME.test(w.secretEnv)))
    ctx.report(file, `${at}/secretEnv`, 'secretEnv must be the name of an environment variable');
}

export const webhooksConfig: Rule = (ctx) => {
  const f = ctx.spec.config.webhooks;
  if (!f) return;
  const list = webhookList(f.value);
  if (!list) return ctx.report(f.file, '', 'must be an array of webhooks, or an object {defaultHeaders, webhooks}');
  const base = Array.isArray(f.value) ? '' : '/webhooks';
  if (isObject(f.value)) {
    for (const key of Object.keys(f.value))
      if (key !== 'webhooks' && key !== 'defaultHeaders') ctx.report(f.file, `/${key}`, `unknown key "${key}" (defaultHeaders, webhooks)`);
    if (f.value.defaultHeaders !== undefined) checkHeaders(ctx, f.file, '/defaultHeaders', f.value.defaultHeaders);
  }
  const names = new Set<string>();
  list.forEach((w, i) => {
    if (!isObject(w)) ctx.report(f.file, `${base}/${i}`, 'a webhook must be an object {name, url, headers, events, enabled}');
    else checkWebhook(ctx, f.file, `${base}/${i}`, w, names);
  });
};
