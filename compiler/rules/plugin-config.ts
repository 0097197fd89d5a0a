/**
 * compiler/rules: the plugin settings quire reads from config/plugins beyond graphql: users-permissions
 * `register.allowedFields`, `advanced` and `email` templates, the email provider, upload's size limit,
 * breakpoints and image settings. Wrong types are errors; what Strapi would start with but quire does not
 * do as written (another email provider, SMTP credentials in the config) is a warning.
 */
import { isObject, type Json, type Rule, type RuleContext } from './rule-context.js';

const USER_UID = 'plugin::users-permissions.user';
const ADVANCED_BOOLEANS = ['unique_email', 'allow_register', 'email_confirmation'];
const ADVANCED_URLS = ['email_reset_password', 'email_confirmation_redirection'];
const TEMPLATE_KEYS = ['reset_password', 'email_confirmation'];
const UPLOAD_BOOLEANS = ['sizeOptimization', 'responsiveDimensions', 'autoOrientation'];

function checkUsersPermissions(ctx: RuleContext, file: string, config: Json): void {
  const at = '/users-permissions/config';
  const register = config.register;
  if (register !== undefined) {
    const fields = isObject(register) ? register.allowedFields : undefined;
    if (!isObject(register) || (fields !== undefined && (!Array.isArray(fields) || fields.some((f) => typeof f !== 'string')))) {
      ctx.report(file, `${at}/register`, 'register must be an object {allowedFields: [attribute names]}');
    } else if (Array.isArray(fields)) {
      const user = ctx.contentTypes.get(USER_UID);
      for (const [i, f] of (fields as string[]).entries()) {
        if (user && !user.attributes[f]) ctx.warn(file, `${at}/register/allowedFields/${i}`, `"${f}" is not an attribute of the user type: ignored (add it to src/extensions/users-permissions/content-types/user/schema.json)`);
      }
    }
  }
  const advanced = config.advanced;
  if (advanced !== undefined && !isObject(advanced)) ctx.report(file, `${at}/advanced`, 'advanced must be an object (unique_email, allow_register, email_confirmation, email_reset_password, email_confirmation_redirection, default_role)');
  if (isObject(advanced)) {
    for (const key of ADVANCED_BOOLEANS) if (advanced[key] !== undefined && typeof advanced[key] !== 'boolean') ctx.report(file, `${at}/advanced/${key}`, `${key} must be a boolean`);
    for (const key of ADVANCED_URLS) {
      const v = advanced[key];
      if (v !== undefined && v !== null && v !== '' && (typeof v !== 'string' || !/^https?:\/\/\S+$/.test(v))) ctx.report(file, `${at}/advanced/${key}`, `${key} must be an http(s) URL`);
    }
    const role = advanced.default_role;
    const permissions = ctx.spec.config.permissions?.value;
    const roles = new Set(['authenticated', 'public', ...(isObject(permissions) ? Object.keys(permissions) : [])]);
    if (role !== undefined && (typeof role !== 'string' || !roles.has(role))) ctx.report(file, `${at}/advanced/default_role`, `default_role must be a role type: ${[...roles].sort().join(', ')}`);
  }
  const email = config.email;
  if (email !== undefined && !isObject(email)) ctx.report(file, `${at}/email`, 'email must be an object {reset_password, email_confirmation}');
  if (isObject(email)) {
    for (const [key, value] of Object.entries(email)) {
      if (!TEMPLATE_KEYS.includes(key)) {
        ctx.report(file, `${at}/email/${key}`, `unknown email template "${key}" (${TEMPLATE_KEYS.join(', ')})`);
        continue;
      }
      const o = isObject(value) && isObject(value.options) ? value.options : value;
      const from = isObject(o) ? o.from : undefined;
      const bad = !isObject(o)
        || ['object', 'message', 'response_email'].some((k) => o[k] !== undefined && typeof o[k] !== 'string')
        || (from !== undefined && (!isObject(from) || ['name', 'email'].some((k) => from[k] !== undefined && typeof from[k] !== 'string')));
      if (bad) ctx.report(file, `${at}/email/${key}`, `${key} must be {options: {from: {name, email}, response_email, object, message}} with strings`);
    }
  }
}

function checkEmail(ctx: RuleContext, file: string, config: Json): void {
  const at = '/email/config';
  const provider = config.provider;
  const options = config.providerOptions;
  if (options !== undefined && !isObject(options)) ctx.report(file, `${at}/providerOptions`, 'providerOptions must be an object');
  if (provider !== undefined && provider !== 'nodemailer' && provider !== '@strapi/provider-email-nodemailer') {
    ctx.warn(file, `${at}/provider`, `email provider "${String(provider)}" is not one quire runs: messages are written to the log; use "nodemailer" (SMTP) to send them`);
  }
  if (isObject(options) && options.auth !== undefined) {
    ctx.warn(file, `${at}/providerOptions/auth`, 'SMTP credentials are not written to the artifacts: quire serve reads them from SMTP_USERNAME and SMTP_PASSWORD');
  }
  const settings = config.settings;
  if (settings !== undefined && (!isObject(settings) || ['defaultFrom', 'defaultReplyTo'].some((k) => settings[k] !== undefined && typeof settings[k] !== 'string'))) {
    ctx.report(file, `${at}/settings`, 'settings must be an object {defaultFrom, defaultReplyTo} of strings');
  }
}

function checkUpload(ctx: RuleContext, file: string, config: Json): void {
  const at = '/upload/config';
  const limit = config.sizeLimit;
  if (limit !== undefined && !(Number.isSafeInteger(limit) && (limit as number) > 0)) ctx.report(file, `${at}/sizeLimit`, 'sizeLimit must be a positive number of bytes');
  const breakpoints = config.breakpoints;
  if (breakpoints !== undefined && (!isObject(breakpoints) || Object.entries(breakpoints).some(([k, v]) => !/^[A-Za-z0-9_]+$/.test(k) || k === 'thumbnail' || !(Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 10_000)))) {
    ctx.report(file, `${at}/breakpoints`, 'breakpoints must map format names (letters, digits, _; not "thumbnail") to widths in pixels (1 to 10000)');
  }
  for (const key of UPLOAD_BOOLEANS) if (config[key] !== undefined && typeof config[key] !== 'boolean') ctx.report(file, `${at}/${key}`, `${key} must be a boolean`);
}

export const pluginConfig: Rule = (ctx) => {
  const plugins = ctx.spec.config.plugins;
  if (!plugins || !isObject(plugins.value)) return;
  const configOf = (name: string): Json | undefined => {
    const p = (plugins.value as Json)[name];
    return isObject(p) && isObject(p.config) ? p.config : undefined;
  };
  const up = configOf('users-permissions');
  if (up) checkUsersPermissions(ctx, plugins.file, up);
  const email = configOf('email');
  if (email) checkEmail(ctx, plugins.file, email);
  const upload = configOf('upload');
  if (upload) checkUpload(ctx, plugins.file, upload);
};
