/**
 * engine/boot: on a database Strapi v4 manages, the settings an editor changes in Strapi's admin
 * panel, read from Strapi's tables instead of the project's config, and read again once they are
 * older than `STRAPI_SETTINGS_TTL_MS` (whoever asks; concurrent requests share one read):
 *   - the locales: the codes of `i18n_locale` (Settings -> Internationalization) and the default one
 *     (`plugin_i18n_default_locale` in strapi_core_store_settings);
 *   - the users-permissions advanced settings (`plugin_users-permissions_advanced`: unique_email,
 *     allow_register, email_confirmation, email_confirmation_redirection, email_reset_password,
 *     default_role), email templates (`plugin_users-permissions_email`) and whether the `email`
 *     provider (login with identifier and password) is on (`plugin_users-permissions_grant`).
 * Everywhere else these stay the project's config (config/i18n.json, config/plugins). The model's
 * `config.i18n` is a LiveI18n, so every reader of the locales sees the current ones.
 */
import type { EmailTemplate, I18nConfig, NormalizedModel, UsersPermissionsConfig } from '../../compiler/model/types.js';
import type { Repository } from '../repository/types.js';

/** how stale a change made in Strapi's admin may be seen (as roles: engine/auth/custom-roles.ts) */
export const STRAPI_SETTINGS_TTL_MS = 5000;

export const DEFAULT_LOCALE_KEY = 'plugin_i18n_default_locale';
export const ADVANCED_KEY = 'plugin_users-permissions_advanced';
export const EMAIL_KEY = 'plugin_users-permissions_email';
export const GRANT_KEY = 'plugin_users-permissions_grant';

/** The locales, replaceable while the model is in use: readers see the current values. */
export class LiveI18n implements I18nConfig {
  private current: I18nConfig;

  constructor(initial: I18nConfig) {
    this.current = { defaultLocale: initial.defaultLocale, locales: [...initial.locales] };
  }

  get defaultLocale(): string {
    return this.current.defaultLocale;
  }

  get locales(): readonly string[] {
    return this.current.locales;
  }

  set(next: I18nConfig): void {
    this.current = { defaultLocale: next.defaultLocale, locales: [...next.locales] };
  }
}

/** `model` whose `config.i18n` is a LiveI18n (the same object when it already is one) */
export function withLiveI18n(model: NormalizedModel): NormalizedModel & { config: { i18n: LiveI18n } } {
  if (model.config.i18n instanceof LiveI18n) return model as NormalizedModel & { config: { i18n: LiveI18n } };
  return { ...model, config: { ...model.config, i18n: new LiveI18n(model.config.i18n) } };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : v === 1 || v === 0 ? v === 1 : fallback);
const text = (v: unknown, fallback: string | null): string | null => (typeof v === 'string' ? (v === '' ? null : v) : v === null ? null : fallback);

/** one template of Strapi's store (`{display, icon, options: {from, response_email, object, message}}`) over the config's */
function template(stored: unknown, fallback: EmailTemplate): EmailTemplate {
  const options = isRecord(stored) && isRecord(stored.options) ? stored.options : undefined;
  if (!options) return fallback;
  const from = isRecord(options.from) ? options.from : {};
  return {
    from: {
      name: typeof from.name === 'string' ? from.name : fallback.from.name,
      email: typeof from.email === 'string' ? from.email : fallback.from.email,
    },
    responseEmail: typeof options.response_email === 'string' ? options.response_email : fallback.responseEmail,
    object: typeof options.object === 'string' ? options.object : fallback.object,
    message: typeof options.message === 'string' ? options.message : fallback.message,
  };
}

/** the users-permissions settings of Strapi's store over the project's (a key Strapi lacks keeps the project's value) */
export function usersPermissionsFromStore(config: UsersPermissionsConfig, advanced: unknown, email: unknown): UsersPermissionsConfig {
  const a = isRecord(advanced) ? advanced : {};
  const e = isRecord(email) ? email : {};
  return {
    ...config,
    uniqueEmail: bool(a.unique_email, config.uniqueEmail),
    allowRegister: bool(a.allow_register, config.allowRegister),
    emailConfirmation: bool(a.email_confirmation, config.emailConfirmation),
    emailConfirmationRedirection: text(a.email_confirmation_redirection, config.emailConfirmationRedirection),
    emailResetPassword: text(a.email_reset_password, config.emailResetPassword),
    defaultRole: typeof a.default_role === 'string' && a.default_role !== '' ? a.default_role : config.defaultRole,
    emailTemplates: {
      resetPassword: template(e.reset_password, config.emailTemplates.resetPassword),
      emailConfirmation: template(e.email_confirmation, config.emailTemplates.emailConfirmation),
    },
  };
}

/** `{email: {enabled: false}, ...}` -> false; anything else (no row, no `email` key) -> true */
export function emailProviderFromStore(grant: unknown): boolean {
  const email = isRecord(grant) ? grant.email : undefined;
  return !(isRecord(email) && email.enabled === false);
}

/** the codes of i18n_locale in id order, and Strapi's default (its store's, else the config's when listed, else the first) */
export function localesFromStrapi(config: I18nConfig, codes: readonly string[], storedDefault: unknown): I18nConfig {
  const locales = [...new Set(codes)];
  if (locales.length === 0) return { defaultLocale: config.defaultLocale, locales: [...config.locales] };
  const defaultLocale = typeof storedDefault === 'string' && storedDefault !== ''
    ? storedDefault
    : locales.includes(config.defaultLocale) ? config.defaultLocale : locales[0];
  return { defaultLocale, locales };
}

/** The settings of a database Strapi manages, kept current (refresh) for the model's LiveI18n and the users-permissions actions. */
export class StrapiSettings {
  private up: UsersPermissionsConfig;
  private emailProvider = true;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly repo: Repository,
    private readonly i18n: LiveI18n,
    private readonly config: { readonly i18n: I18nConfig; readonly usersPermissions: UsersPermissionsConfig },
  ) {
    this.up = config.usersPermissions;
  }

  /** the users-permissions settings as Strapi's admin last set them */
  get usersPermissions(): UsersPermissionsConfig {
    return this.up;
  }

  /** Strapi's `email` provider is on (Settings -> Users & Permissions -> Providers) */
  get emailProviderEnabled(): boolean {
    return this.emailProvider;
  }

  /** read Strapi's tables now */
  async load(now = Date.now()): Promise<void> {
    const [rows, store] = await Promise.all([this.repo.locales.list(), this.repo.coreStore.read([DEFAULT_LOCALE_KEY, ADVANCED_KEY, EMAIL_KEY, GRANT_KEY])]);
    this.i18n.set(localesFromStrapi(this.config.i18n, rows.map((r) => r.code), store.get(DEFAULT_LOCALE_KEY)));
    this.up = usersPermissionsFromStore(this.config.usersPermissions, store.get(ADVANCED_KEY), store.get(EMAIL_KEY));
    this.emailProvider = emailProviderFromStore(store.get(GRANT_KEY));
    this.readAt = now;
  }

  /** read again when older than the TTL; concurrent callers share one read */
  async refresh(now = Date.now()): Promise<void> {
    if (now - this.readAt < STRAPI_SETTINGS_TTL_MS) return;
    if (!this.reading) this.reading = this.load(now).finally(() => (this.reading = undefined));
    await this.reading;
  }
}
