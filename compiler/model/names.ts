/**
 * compiler/model: the naming rules of Strapi v4 and its GraphQL plugin, as pure string functions.
 * pascalCase('site-setting') -> 'SiteSetting'; pascalCase('i18n') -> 'I18N'; camelCase('author-profile') -> 'authorProfile'
 */

/** Split into words the way lodash does: on separators, case changes and letter/digit boundaries. */
export function words(s: string): string[] {
  return s.match(/[A-Z]{2,}(?=[A-Z][a-z]+[0-9]*|\b)|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/g) ?? [];
}

const upperFirst = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export function pascalCase(s: string): string {
  return words(s).map((w) => upperFirst(w.toLowerCase())).join('');
}

export function camelCase(s: string): string {
  const p = pascalCase(s);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

export function snakeCase(s: string): string {
  return words(s).map((w) => w.toLowerCase()).join('_');
}

/** GraphQL type name of a content-type: `Article`, `UsersPermissionsUser`, `UploadFile`, `I18NLocale`. */
export function contentTypeTypeName(namespace: string, singularName: string): string {
  return namespace === 'api' ? pascalCase(singularName) : pascalCase(namespace) + pascalCase(singularName);
}

/** GraphQL query name of a content-type for a singular or plural API id. */
export function contentTypeQueryName(namespace: string, apiId: string): string {
  return namespace === 'api' ? camelCase(apiId) : camelCase(namespace) + pascalCase(apiId);
}

/** `shared.seo` -> `ComponentSharedSeo` */
export function componentTypeName(uid: string): string {
  const [category, name] = uid.split('.');
  return `Component${pascalCase(category)}${pascalCase(name)}`;
}

/** Attribute names must be usable as GraphQL field names and SQL identifiers. */
export const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** API ids (singularName, pluralName) in Strapi are kebab-case. */
export const API_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** The npm name and config/plugins key of the widely used v4 plugin behind `populate=deep` */
export const POPULATE_DEEP_PLUGIN = 'strapi-plugin-populate-deep';
