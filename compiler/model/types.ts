/**
 * compiler/model: the NormalizedModel, the one description of content that every later stage reads.
 * Plain JSON data (no functions, no classes): `quire build` writes it to `model.json` beside the
 * contracts, and `quire serve` loads it back without ever seeing a schema.json file.
 */
import type { ProjectCode } from './project-code.js';

/** Scalar attribute types of Strapi v4 (`array` is accepted and stored as JSON). */
export const SCALAR_TYPES = [
  'string', 'text', 'richtext', 'enumeration', 'email', 'password', 'uid',
  'date', 'time', 'datetime', 'timestamp',
  'integer', 'biginteger', 'float', 'decimal',
  'boolean', 'json', 'array',
] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];

export const RELATION_KINDS = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany', 'oneWay', 'manyWay'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

interface AttributeBase {
  /** attribute name as written in schema.json (also the REST and GraphQL field name) */
  readonly name: string;
  readonly required: boolean;
  /** private attributes never leave the server and cannot be filtered, sorted or selected */
  readonly private: boolean;
  /** false when `pluginOptions.i18n.localized` is false on a localized type */
  readonly localized: boolean;
}

export interface ScalarAttribute extends AttributeBase {
  readonly kind: 'scalar';
  readonly type: ScalarType;
  readonly unique: boolean;
  readonly default?: unknown;
  readonly min?: number;
  readonly max?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly regex?: string;
  /** enumeration values, in the order written */
  readonly enum?: readonly string[];
  /** uid: the attribute the uid is derived from */
  readonly targetField?: string;
  /** the custom field this attribute was declared with, served as its underlying `type` */
  readonly customField?: string;
}

export interface RelationAttribute extends AttributeBase {
  readonly kind: 'relation';
  /** relation kind as declared (`oneWay`/`manyWay` kept distinct from a one-sided oneToOne/oneToMany) */
  readonly relation: RelationKind;
  readonly target: string;
  /** true when this side holds many targets */
  readonly toMany: boolean;
  /** the attribute on the target that points back, when the relation is bidirectional */
  readonly inverse?: string;
  /** true for the owning side (`inversedBy` or one-sided); false for the `mappedBy` side */
  readonly owner: boolean;
  /** link table shared by both sides; named after the owning side */
  readonly joinTable: JoinTable;
}

export interface JoinTable {
  readonly name: string;
  /** column holding the owning entry's id */
  readonly ownerColumn: string;
  /** column holding the target entry's id */
  readonly targetColumn: string;
  /** position of the target among the owner's links (owner side holds many: oneToMany, manyToMany, manyWay) */
  readonly orderColumn?: string;
  /** position of the owner among the target's links (bidirectional, target side holds many: manyToOne, manyToMany) */
  readonly inverseOrderColumn?: string;
}

export interface MediaAttribute extends AttributeBase {
  readonly kind: 'media';
  readonly multiple: boolean;
  readonly allowedTypes: readonly string[];
}

export interface ComponentAttribute extends AttributeBase {
  readonly kind: 'component';
  readonly component: string;
  readonly repeatable: boolean;
  readonly min?: number;
  readonly max?: number;
}

export interface DynamicZoneAttribute extends AttributeBase {
  readonly kind: 'dynamiczone';
  /** component uids allowed in the zone, in declared order */
  readonly components: readonly string[];
  readonly min?: number;
  readonly max?: number;
}

export type Attribute = ScalarAttribute | RelationAttribute | MediaAttribute | ComponentAttribute | DynamicZoneAttribute;

/** Names the GraphQL plugin gives a content-type or component. */
export interface GraphqlNames {
  /** `Article`, `ComponentSharedSeo` */
  readonly typeName: string;
  /** `article` (collection and single types only) */
  readonly singular?: string;
  /** `articles` (collection types only) */
  readonly plural?: string;
}

/** Per-type GraphQL switches from the declarative shadowCRUD section of plugins.json. */
export interface GraphqlTypeOptions {
  readonly enabled: boolean;
  readonly queries: boolean;
  readonly mutations: boolean;
  /** actions switched off: create, find, findOne, update, delete */
  readonly disabledActions: readonly string[];
  /** per field: what is switched off */
  readonly fields: Readonly<Record<string, GraphqlFieldOptions>>;
}

export interface GraphqlFieldOptions {
  readonly output: boolean;
  readonly input: boolean;
  readonly filters: boolean;
}

export interface ContentType {
  /** `api::article.article`, `plugin::users-permissions.user`, `plugin::upload.file` */
  readonly uid: string;
  readonly kind: 'collectionType' | 'singleType';
  /** `api` for spec content-types, the plugin name otherwise */
  readonly namespace: 'api' | 'users-permissions' | 'upload' | 'i18n';
  readonly apiName: string;
  readonly singularName: string;
  readonly pluralName: string;
  readonly displayName: string;
  readonly description: string;
  /** storage table */
  readonly collectionName: string;
  readonly draftAndPublish: boolean;
  readonly populateCreatorFields: boolean;
  readonly localized: boolean;
  /** attributes sorted by name */
  readonly attributes: Readonly<Record<string, Attribute>>;
  /** the attribute names in the order they were declared (used for documentation and field order) */
  readonly order: readonly string[];
  readonly graphql: GraphqlNames & { readonly options: GraphqlTypeOptions };
  /** the file this type was read from, relative to the spec dir (plugin types: `builtin`) */
  readonly source: string;
}

export interface Component {
  /** `shared.seo` */
  readonly uid: string;
  readonly category: string;
  readonly name: string;
  readonly displayName: string;
  readonly collectionName: string;
  readonly attributes: Readonly<Record<string, Attribute>>;
  readonly order: readonly string[];
  readonly graphql: GraphqlNames;
  readonly source: string;
}

export interface RestConfig {
  readonly prefix: string;
  readonly defaultLimit: number;
  readonly maxLimit: number;
  readonly withCount: boolean;
}

export interface GraphqlConfig {
  readonly endpoint: string;
  readonly shadowCRUD: boolean;
  readonly playgroundAlways: boolean;
  readonly depthLimit: number;
  readonly amountLimit: number;
  /** page size of a list (and a relation list) that asks for none: the plugin's `defaultLimit`, 10 unless configured */
  readonly defaultLimit: number;
  /** the cap of every page size: the plugin's `maxLimit` when set, else `amountLimit` (the documented key) */
  readonly maxLimit: number;
  /**
   * extension module path as written (relative to the spec's config dir), if any; `quire build` copies
   * the module into the artifacts as graphql-extension.mjs and appends its typeDefs to schema.graphql
   */
  readonly extension?: string;
}

export interface I18nConfig {
  readonly defaultLocale: string;
  readonly locales: readonly string[];
}

/** One of the users-permissions email templates (Strapi keeps them in its store; quire reads `config.email`). */
export interface EmailTemplate {
  readonly from: { readonly name: string; readonly email: string };
  /** Reply-To; empty: the email plugin's `defaultReplyTo` */
  readonly responseEmail: string;
  /** the subject (`<%= ... %>` placeholders allowed) */
  readonly object: string;
  /** the body, HTML (`<%= URL %>`, `<%= TOKEN %>`, `<%= CODE %>`, `<%= USER.username %>` ...) */
  readonly message: string;
}

/**
 * The users-permissions plugin settings quire reads (plugins `users-permissions.config`). Strapi keeps
 * the advanced settings and email templates in its database store, edited in the admin panel; quire has
 * no admin panel and reads them from the config (`advanced`, `email`), with Strapi's defaults.
 */
export interface UsersPermissionsConfig {
  /** lifetime of issued JWTs in seconds (`jwt.expiresIn`, default 30 days; JWT_EXPIRES_IN overrides it) */
  readonly jwtExpiresIn: number;
  /** role type given to users who register (`advanced.default_role`, or quire's `defaultRole`; default `authenticated`) */
  readonly defaultRole: string;
  /**
   * `register.allowedFields`: the user attributes a registration may set besides username, email and
   * password; absent: Strapi 4's default, every non-private attribute of the user type but the system ones
   */
  readonly registerAllowedFields?: readonly string[];
  /** `advanced.unique_email` (default true) */
  readonly uniqueEmail: boolean;
  /** `advanced.allow_register` (default true) */
  readonly allowRegister: boolean;
  /** `advanced.email_confirmation` (default false): registered users confirm their email before logging in */
  readonly emailConfirmation: boolean;
  /** `advanced.email_confirmation_redirection`: where a confirmed link redirects */
  readonly emailConfirmationRedirection: string | null;
  /** `advanced.email_reset_password`: the front-end page the reset link opens */
  readonly emailResetPassword: string | null;
  readonly emailTemplates: { readonly resetPassword: EmailTemplate; readonly emailConfirmation: EmailTemplate };
}

/**
 * The email plugin (plugins `email.config`), as `@strapi/provider-email-nodemailer` takes it. SMTP
 * credentials (`providerOptions.auth`) are never written to the artifacts: `quire serve` reads them
 * from SMTP_USERNAME and SMTP_PASSWORD.
 */
export interface EmailConfig {
  /** `nodemailer` (SMTP), or `log`: each message is written to the log (the default, for development) */
  readonly provider: 'nodemailer' | 'log';
  /** nodemailer's SMTP options without `auth`: host, port, secure, ignoreTLS, requireTLS, pool... */
  readonly providerOptions: Readonly<Record<string, unknown>>;
  readonly defaultFrom: string | null;
  readonly defaultReplyTo: string | null;
}

/**
 * The upload plugin (plugins `upload.config`). `sizeLimit` and `breakpoints` are Strapi's config keys;
 * `sizeOptimization`, `responsiveDimensions` and `autoOrientation` are the settings Strapi's admin panel
 * stores, read here from the config with Strapi's defaults.
 */
export interface UploadPluginConfig {
  /** largest uploaded file in bytes (UPLOAD_MAX_FILE_SIZE overrides it); absent: quire's default */
  readonly sizeLimit?: number;
  /** responsive format name -> width in pixels, largest first (default large 1000, medium 750, small 500) */
  readonly breakpoints: Readonly<Record<string, number>>;
  /** re-encode originals when that makes them smaller (default true) */
  readonly sizeOptimization: boolean;
  /** make the breakpoint formats (default true; the thumbnail is always made) */
  readonly responsiveDimensions: boolean;
  /** rotate originals by their EXIF orientation (default false) */
  readonly autoOrientation: boolean;
}

export interface NormalizedModel {
  /** format version of model.json */
  readonly version: 1;
  /** content-types by uid, sorted by uid (includes the plugin types) */
  readonly contentTypes: Readonly<Record<string, ContentType>>;
  /** components by uid, sorted by uid */
  readonly components: Readonly<Record<string, Component>>;
  readonly config: {
    readonly rest: RestConfig;
    readonly graphql: GraphqlConfig;
    readonly i18n: I18nConfig;
    /**
     * role type -> sorted permission strings (`api::article.article.find`). A role that lists no
     * `plugin::users-permissions.*` permission gets Strapi's defaults for the routes quire serves
     * (public: auth.callback, register, forgotPassword, resetPassword, emailConfirmation,
     * sendEmailConfirmation; authenticated: auth.changePassword, user.me).
     */
    readonly permissions: Readonly<Record<string, readonly string[]>>;
    readonly usersPermissions: UsersPermissionsConfig;
    /**
     * the `strapi-plugin-populate-deep` plugin, when the project enables it (installed in package.json
     * or set in config/plugins, not `enabled: false`): `populate=deep[,depth]` on REST reads
     */
    readonly populateDeep?: PopulateDeepConfig;
    readonly upload: UploadPluginConfig;
    readonly email: EmailConfig;
    /** config/webhooks.json (absent: the project declares none) */
    readonly webhooks?: WebhooksConfig;
  };
  /** a Strapi project root with code of its own: its routes and the bundle `quire serve` runs (absent: no code) */
  readonly project?: ProjectCode;
}

/** The events a webhook may listen to: Strapi v4's entry and media events. */
export const WEBHOOK_EVENTS = [
  'entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish',
  'media.create', 'media.update', 'media.delete',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * One webhook of config/webhooks.json, as Strapi's Settings -> Webhooks holds one. The signing secret
 * never reaches the artifacts: `secretEnv` names the variable `quire serve` reads it from.
 */
export interface WebhookConfig {
  readonly name: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** sorted */
  readonly events: readonly WebhookEvent[];
  readonly enabled: boolean;
  readonly secretEnv?: string;
}

export interface WebhooksConfig {
  /** sent with every webhook (Strapi's `server.webhooks.defaultHeaders`); a webhook's own headers win */
  readonly defaultHeaders: Readonly<Record<string, string>>;
  /** sorted by name */
  readonly webhooks: readonly WebhookConfig[];
}

export interface PopulateDeepConfig {
  /** the plugin's `defaultDepth` (5 unless configured) */
  readonly defaultDepth: number;
}

/** Attribute names every content-type gets and no schema may declare. */
export const RESERVED_ATTRIBUTE_NAMES = [
  'id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy',
  'locale', 'localizations', '__component', '__typename',
] as const;

export const ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];
