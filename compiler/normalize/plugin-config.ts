/**
 * compiler/normalize: the plugin settings of config/plugins (users-permissions, email, upload) ->
 * the model config the engine runs from, with Strapi v4's defaults for everything not set. The
 * settings Strapi keeps in its database store (users-permissions `advanced` and email templates,
 * upload's admin settings) are read from the config, where quire (which has no admin panel) takes
 * them. Pure; the rules (rules/plugin-config.ts) have already checked the types.
 */
import type { RawSpec } from '../load/load-spec.js';
import { durationSeconds } from '../model/duration.js';
import type { EmailConfig, EmailTemplate, UploadPluginConfig, UsersPermissionsConfig } from '../model/types.js';
import { isObject, type Json } from '../rules/rule-context.js';

/** `plugins.<name>.config`, or {} */
export function pluginConfig(spec: RawSpec, name: string): Json {
  const v = spec.config.plugins?.value;
  const plugin = isObject(v) ? v[name] : undefined;
  return isObject(plugin) && isObject(plugin.config) ? plugin.config : {};
}

const STRAPI_FROM = { name: 'Administration Panel', email: 'no-reply@strapi.io' };

/** Strapi 4.26.2's default templates, as its store holds them after a first start */
export const DEFAULT_EMAIL_TEMPLATES: UsersPermissionsConfig['emailTemplates'] = {
  resetPassword: {
    from: STRAPI_FROM,
    responseEmail: '',
    object: 'Reset password',
    message: '<p>We heard that you lost your password. Sorry about that!</p>\n\n<p>But don’t worry! You can use the following link to reset your password:</p>\n<p><%= URL %>?code=<%= TOKEN %></p>\n\n<p>Thanks.</p>',
  },
  emailConfirmation: {
    from: STRAPI_FROM,
    responseEmail: '',
    object: 'Account confirmation',
    message: '<p>Thank you for registering!</p>\n\n<p>You have to confirm your email address. Please click on the link below.</p>\n\n<p><%= URL %>?confirmation=<%= CODE %></p>\n\n<p>Thanks.</p>',
  },
};

/** `email.reset_password.options` (the store's shape) over the default template */
function template(raw: unknown, dflt: EmailTemplate): EmailTemplate {
  const wrapped = isObject(raw) ? raw : {};
  const o = isObject(wrapped.options) ? wrapped.options : wrapped;
  const from = isObject(o.from) ? o.from : {};
  return {
    from: { name: typeof from.name === 'string' ? from.name : dflt.from.name, email: typeof from.email === 'string' ? from.email : dflt.from.email },
    responseEmail: typeof o.response_email === 'string' ? o.response_email : dflt.responseEmail,
    object: typeof o.object === 'string' ? o.object : dflt.object,
    message: typeof o.message === 'string' ? o.message : dflt.message,
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function normalizeUsersPermissions(spec: RawSpec): UsersPermissionsConfig {
  const c = pluginConfig(spec, 'users-permissions');
  const jwt = isObject(c.jwt) ? c.jwt : {};
  const advanced = isObject(c.advanced) ? c.advanced : {};
  const register = isObject(c.register) ? c.register : {};
  const email = isObject(c.email) ? c.email : {};
  const role = typeof advanced.default_role === 'string' ? advanced.default_role : typeof c.defaultRole === 'string' ? c.defaultRole : 'authenticated';
  return {
    jwtExpiresIn: durationSeconds(jwt.expiresIn) ?? 30 * 86_400,
    defaultRole: role,
    ...(Array.isArray(register.allowedFields) ? { registerAllowedFields: [...new Set(register.allowedFields as string[])] } : {}),
    uniqueEmail: advanced.unique_email !== false,
    allowRegister: advanced.allow_register !== false,
    emailConfirmation: advanced.email_confirmation === true,
    emailConfirmationRedirection: text(advanced.email_confirmation_redirection),
    emailResetPassword: text(advanced.email_reset_password),
    emailTemplates: {
      resetPassword: template(email.reset_password, DEFAULT_EMAIL_TEMPLATES.resetPassword),
      emailConfirmation: template(email.email_confirmation, DEFAULT_EMAIL_TEMPLATES.emailConfirmation),
    },
  };
}

/** the SMTP options nodemailer takes that may go into the artifacts (never `auth`) */
const SMTP_KEYS = ['host', 'port', 'secure', 'ignoreTLS', 'requireTLS', 'name', 'localAddress', 'connectionTimeout', 'greetingTimeout', 'socketTimeout', 'pool', 'maxConnections', 'maxMessages', 'tls'];

/** `provider: 'nodemailer'` (or its package name) sends over SMTP; anything else, or nothing, is the log provider */
export function normalizeEmail(spec: RawSpec): EmailConfig {
  const c = pluginConfig(spec, 'email');
  const nodemailer = c.provider === 'nodemailer' || c.provider === '@strapi/provider-email-nodemailer';
  const options = isObject(c.providerOptions) ? c.providerOptions : {};
  const settings = isObject(c.settings) ? c.settings : {};
  const providerOptions: Record<string, unknown> = {};
  if (nodemailer) for (const key of SMTP_KEYS) if (options[key] !== undefined) providerOptions[key] = options[key];
  return {
    provider: nodemailer ? 'nodemailer' : 'log',
    providerOptions,
    defaultFrom: text(settings.defaultFrom),
    defaultReplyTo: text(settings.defaultReplyTo),
  };
}

/** Strapi v4's default breakpoints */
export const DEFAULT_BREAKPOINTS: Readonly<Record<string, number>> = { large: 1000, medium: 750, small: 500 };

export function normalizeUpload(spec: RawSpec): UploadPluginConfig {
  const c = pluginConfig(spec, 'upload');
  const breakpoints = isObject(c.breakpoints)
    ? Object.fromEntries(Object.entries(c.breakpoints as Record<string, number>).sort(([, a], [, b]) => b - a))
    : DEFAULT_BREAKPOINTS;
  return {
    ...(typeof c.sizeLimit === 'number' ? { sizeLimit: c.sizeLimit } : {}),
    breakpoints,
    sizeOptimization: c.sizeOptimization !== false,
    responsiveDimensions: c.responsiveDimensions !== false,
    autoOrientation: c.autoOrientation === true,
  };
}
