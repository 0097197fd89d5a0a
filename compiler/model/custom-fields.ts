/**
 * compiler/model: the custom fields of well-known Strapi v4 plugins and the attribute type each one stores.
 * Strapi takes that type from the plugin's server registration (`strapi.customFields.register({ name,
 * plugin, type })`), which quire cannot run, so it is written down here: uid `plugin::<plugin>.<name>`.
 * Each entry cites the published source it was read from (package@version: file). A project maps any
 * other custom field in `config/custom-fields.json` (`{"plugin::x.y": "string"}`).
 */

export interface CustomFieldEntry {
  /** the stored attribute type */
  readonly type: string;
  /** where the registration was read: `package@version: file` */
  readonly source: string;
}

export const CUSTOM_FIELD_TYPES: Readonly<Record<string, CustomFieldEntry>> = {
  // CKEditor 5: the official plugin (v4 line 0.x) and the community one (@_sh, Strapi v4, "strapi.name": "ckeditor5")
  'plugin::ckeditor.CKEditor': { type: 'richtext', source: '@ckeditor/strapi-plugin-ckeditor@0.1.0: server/register.js' },
  'plugin::ckeditor5.CKEditor': { type: 'richtext', source: '@_sh/strapi-plugin-ckeditor@2.1.3: server/register.js, package.json strapi.name' },
  // rich-text editors registered as custom fields
  'plugin::tinymce.tinymce': { type: 'richtext', source: '@sklinet/strapi-plugin-tinymce@1.1.7: dist/server/index.js' },
  'plugin::oembed.oembed': { type: 'text', source: 'strapi-plugin-oembed@1.2.1: server/index.js' },
  // color and icon pickers
  'plugin::color-picker.color': { type: 'string', source: '@strapi/plugin-color-picker@4.26.2: dist/server/index.js' },
  'plugin::react-icons.icon': { type: 'string', source: 'strapi-plugin-react-icons@0.3.1: dist/server/register.js' },
  // multi-selects and tags
  'plugin::multi-select.multi-select': { type: 'json', source: 'strapi-plugin-multi-select@1.2.3: server/register.js' },
  'plugin::tagsinput.tags': { type: 'json', source: 'strapi-plugin-tagsinput@1.0.6: server/register.js' },
  // map and location pickers
  'plugin::google-maps.location-picker': { type: 'json', source: '@amicaldo/strapi-google-maps@1.1.5: dist/server/register.js' },
  'plugin::location-field.location': { type: 'json', source: 'strapi-location-field-plugin (raykeating/strapi-location-field-plugin): server/register.js' },
  // country and time-zone selects
  'plugin::country-select.country': { type: 'string', source: 'strapi-plugin-country-select@1.0.3: server/register.js' },
  'plugin::timezone-select.timezone': { type: 'string', source: 'strapi-plugin-timezone-select@1.0.0: server/register.js' },
  // slug, permalink and uuid fields
  'plugin::permalinks.permalink': { type: 'string', source: 'strapi-plugin-permalinks (mattmilburn/strapi-plugin-permalinks): server/register.js' },
  'plugin::strapi-advanced-uuid.uuid': { type: 'uid', source: 'strapi-advanced-uuid@1.4.2: dist/server/register.js' },
};

/** Types a custom field may store (what `config/custom-fields.json` may map to). */
export const CUSTOM_FIELD_STORED_TYPES = [
  'string', 'text', 'richtext', 'email', 'uid', 'json',
  'integer', 'biginteger', 'float', 'decimal', 'boolean', 'date', 'time', 'datetime',
] as const;
