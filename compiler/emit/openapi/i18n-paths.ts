/**
 * compiler/emit/openapi: the REST routes of the i18n plugin, present when a content-type is localized:
 * `POST /<plural>/{id}/localizations` (single types: `POST /<singular>/localizations`), answered with
 * the flat new entry, and `GET /i18n/locales`, a plain array of the configured locales. Pure.
 */
import type { ContentType, NormalizedModel } from '../../model/types.js';
import { accessNote, addOperation, buildOperation, jsonBody, restPath } from './operation-builder.js';
import { contentTypeNames, contentTypeOf, ref, type Schema } from './schema-names.js';
import { idParameterRef } from './shared-components.js';

type Paths = Record<string, Record<string, Schema>>;

export const LOCALE_UID = 'plugin::i18n.locale';

/** The localized `api` types among `apiTypes`. */
export function localizedTypes(model: NormalizedModel, apiTypes: readonly string[]): ContentType[] {
  return apiTypes.map((uid) => contentTypeOf(model, uid)).filter((ct) => ct.localized);
}

function localizationRequest(model: NormalizedModel, ct: ContentType): Schema {
  const { locales } = model.config.i18n;
  return {
    type: 'object',
    description: `The new localization's attributes, unwrapped (no "data" key), and its locale (${locales.join(', ')}). `
      + 'Attributes that are not localized are copied from the entry unless sent; relations are not copied. '
      + (ct.draftAndPublish ? 'The new entry is a draft unless publishedAt is sent.' : ''),
    properties: { locale: { type: 'string', description: 'A configured locale the entry does not have yet.' } },
  };
}

function localeRecord(): Schema {
  const text = { type: 'string' };
  const time = { type: 'string', format: 'date-time' };
  return {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'code', 'isDefault'],
      properties: { id: { type: 'integer' }, name: text, code: text, createdAt: time, updatedAt: time, isDefault: { type: 'boolean' } },
    },
  };
}

/** Add the i18n routes to `paths` when the model has a localized `api` type. */
export function addI18nPaths(model: NormalizedModel, prefix: string, apiTypes: readonly string[], paths: Paths): void {
  const localized = localizedTypes(model, apiTypes);
  if (localized.length === 0) return;
  for (const ct of localized) {
    const single = ct.kind === 'singleType';
    const path = single ? restPath(prefix, ct.singularName, 'localizations') : restPath(prefix, ct.pluralName, '{id}', 'localizations');
    addOperation(paths, path, 'post', buildOperation({
      tag: ct.displayName,
      summary: `Create a localization of ${single ? 'the ' + ct.displayName : 'a ' + ct.displayName + ' entry'}`,
      description: [
        `Creates the entry in another locale and links it to ${single ? 'the existing localizations' : 'the entry and its localizations'}; answers the new entry flat (no data/attributes envelope). `
          + 'Errors: 400 "locale is missing", "locale is invalid", "locale is already used"; 404 "Entity not found".',
        accessNote(model, `${ct.uid}.createLocalization`),
      ].join('\n\n'),
      operationId: `${ct.singularName}.createLocalization`,
      uid: ct.uid,
      action: 'createLocalization',
      parameters: single ? [] : [idParameterRef],
      requestBody: jsonBody(localizationRequest(model, ct)),
      success: ref(contentTypeNames(ct).record),
      successDescription: `The new ${ct.displayName} localization, flat.`,
      addressed: true,
    }));
  }
  const { defaultLocale } = model.config.i18n;
  addOperation(paths, restPath(prefix, 'i18n', 'locales'), 'get', buildOperation({
    tag: 'Internationalization',
    summary: 'List the locales',
    description: [
      `The configured locales (config/i18n.json) as a plain array; isDefault marks ${defaultLocale}.`,
      accessNote(model, 'plugin::i18n.locales.listLocales', true),
    ].join('\n\n'),
    operationId: 'i18n.listLocales',
    uid: LOCALE_UID,
    action: 'listLocales',
    success: localeRecord(),
    successDescription: 'Every configured locale.',
    addressed: false,
  }));
}
