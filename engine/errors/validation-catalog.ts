/**
 * engine/errors: the one catalog of validation messages a client can receive (400 bodies of REST,
 * GraphQL's `extensions.error`), in Strapi v4.26.2's wording where Strapi has the case (its yup
 * messages, observed on a running Strapi) and quire's own where Strapi answers 500 or has none.
 * Pure strings; `validationIssue()` makes a `details.errors[]` entry. Every entry has an example,
 * and README.md beside this file lists each with its rendered example (a unit test keeps them in step).
 */
import { printPath, printValue, wirePath, type MessagePath } from './print-value.js';

export { printPath, printValue, wirePath, type MessagePath } from './print-value.js';

/** One entry of `details.errors`: `{ path: ['sources', '0', 'title'], message, name: 'ValidationError' }`. */
export interface ValidationIssue {
  path: string[];
  message: string;
  name: string;
}

/** `validationIssue(['comps', 1, 'label'], messages.defined(['comps', 1, 'label']))` -> { path: ['comps', '1', 'label'], ... } */
export function validationIssue(path: MessagePath, message: string): ValidationIssue {
  return { path: wirePath(path), message, name: 'ValidationError' };
}

const at = printPath;
const regexText = (regex: RegExp | string) => String(typeof regex === 'string' ? new RegExp(regex) : regex);
const typeWord = (value: unknown) => (value === null ? 'null' : typeof value);

/**
 * Every message, by key. `messages.defined(['address', 'street'])` -> "address.street must be defined.".
 * Paths are body paths (numbers for array indices); values are printed as Strapi prints them.
 */
export const messages = Object.freeze({
  // ---- the error as a whole -------------------------------------------------------------------
  /** the top-level message when a body has several problems */
  errorsOccurred: (count: number) => `${count} errors occurred`,

  // ---- write bodies: Strapi's (yup) wording ----------------------------------------------------
  missingData: () => 'Missing "data" payload in the request body',
  /** a required attribute left out of a create */
  defined: (p: MessagePath) => `${at(p)} must be defined.`,
  /** a required value left out or empty where Strapi says so (`__component`, register and login) */
  requiredField: (p: MessagePath) => `${at(p)} is a required field`,
  /** the value has the wrong JSON type: `str must be a \`string\` type, but the final value was: \`5\`.` */
  type: (p: MessagePath, type: string, value: unknown) => `${at(p)} must be a \`${type}\` type, but the final value was: \`${printValue(value)}\`.`,
  /** the same, when Strapi first converted the value (numbers: NaN; array items that are not objects: null) */
  typeCast: (p: MessagePath, type: string, final: unknown, original: unknown) =>
    `${at(p)} must be a \`${type}\` type, but the final value was: \`${printValue(final)}\` (cast from the value \`${printValue(original)}\`).`,
  integer: (p: MessagePath) => `${at(p)} must be an integer`,
  min: (p: MessagePath, min: number | string) => `${at(p)} must be greater than or equal to ${min}`,
  max: (p: MessagePath, max: number | string) => `${at(p)} must be less than or equal to ${max}`,
  moreThan: (p: MessagePath, bound: number | string) => `${at(p)} must be greater than ${bound}`,
  lessThan: (p: MessagePath, bound: number | string) => `${at(p)} must be less than ${bound}`,
  minLength: (p: MessagePath, min: number) => `${at(p)} must be at least ${min} characters`,
  maxLength: (p: MessagePath, max: number) => `${at(p)} must be at most ${max} characters`,
  minItems: (p: MessagePath, min: number) => `${at(p)} field must have at least ${min} items`,
  maxItems: (p: MessagePath, max: number) => `${at(p)} field must have less than or equal to ${max} items`,
  /** a dynamic zone's `__component` that is not one of the zone's components */
  oneOf: (p: MessagePath, values: readonly string[]) => `${at(p)} must be one of the following values: ${values.join(', ')}`,
  /** an enumeration value not in the list; Strapi's list always ends with ", " (null is allowed in it) */
  enumeration: (p: MessagePath, values: readonly string[]) => `${at(p)} must be one of the following values: ${[...values, ''].join(', ')}`,
  email: (p: MessagePath) => `${at(p)} must be a valid email`,
  emptyEmail: (p: MessagePath) => `${at(p)} cannot be empty`,
  matches: (p: MessagePath, regex: RegExp | string) => `${at(p)} must match the following: "${regexText(regex)}"`,
  /** Strapi's date, time and datetime messages name no attribute: the path is in `details.errors` */
  date: () => 'Invalid format, expected yyyy-MM-dd',
  time: () => 'Invalid time format, expected HH:mm:ss.SSS',
  timeNotString: (value: unknown) => `Expected a string, got a ${typeWord(value)}`,
  datetime: () => 'Invalid format, expected a timestamp or an ISO date',
  unique: () => 'This attribute must be unique',
  /** related entries (or files: `plugin::upload.file`) that do not exist, or ids that cannot be one */
  relationsNotFound: (count: number, target: string) => `${count} relation(s) of type ${target} associated with this entity do not exist`,
  /** a relation value of no accepted form (`{ connect: 'x' }`) */
  invalidRelations: () => 'Invalid relations',
  /** `position.before`/`after` names an entry that is not (yet) connected */
  relationAnchor: (id: number, position: Readonly<Record<string, unknown>>, anchor: number) =>
    `There was a problem connecting relation with id ${id} at position ${JSON.stringify(position)}. The relation with id ${anchor} needs to be connected first.`,
  /** a component id that does not belong to the entry's attribute (Strapi: an ApplicationError, details {}) */
  componentNotRelated: (attribute: string) => `Some of the provided components in ${attribute} are not related to the entity`,
  /** a required relation set to null by an update (on create: `defined`) */
  notNull: (p: MessagePath) => `${at(p)} cannot be null.`,

  // ---- write bodies: quire's own (Strapi accepts these, answers 500, or has no such check) -----
  relationSetMixed: (p: MessagePath) => `${at(p)} cannot combine set with connect or disconnect`,
  relationTwice: (p: MessagePath, id: number) => `${at(p)} connects the relation with id ${id} more than once`,
  relationPosition: (p: MessagePath) => `${at(p)} must have exactly one of before, after, start or end`,
  mediaId: (p: MessagePath, multiple: boolean) => (multiple ? `${at(p)} must be an array of file ids` : `${at(p)} must be a file id`),
  fileTwice: (p: MessagePath, id: number) => `${at(p)} names the file with id ${id} more than once`,
  fileType: (p: MessagePath, ids: readonly number[], allowed: readonly string[]) =>
    `${at(p)}: file${ids.length > 1 ? 's' : ''} ${ids.join(', ')} ${ids.length > 1 ? 'are' : 'is'} not of an allowed type (${allowed.join(', ')})`,
  localeChange: (current: string) => `locale cannot be changed (the entry is "${current}"); create a localization instead`,
  /** a database constraint the checks before it did not foresee (the last line of defence) */
  relatedEntryMissing: () => 'A related entry does not exist',
  invalidValue: () => 'Invalid value',
  valueTooLong: () => 'Value too long',
  valueOutOfRange: () => 'Value out of range',
  invalidDateTime: () => 'Invalid date or time',
  dateTimeOutOfRange: () => 'Date or time out of range',
  valueRequired: () => 'Value required',

  // ---- request bodies before any content-type is known ------------------------------------------
  bodyNotJson: () => 'Request body is not valid JSON',
  bodyNotUtf8: () => 'Request body is not valid UTF-8',
  bodyNotObject: () => 'The request body must be a JSON object',
  bodyTooDeep: (max: number) => `Request body is nested deeper than ${max} levels`,
  nulCharacter: () => 'Strings may not contain NUL characters (\\u0000)',
  forbiddenKey: (key: string) => `Invalid key "${key}"`,

  // ---- query parameters -------------------------------------------------------------------------
  /** an unknown, private or malformed name or value (Strapi's wording for all of them) */
  invalidParameter: (name: string) => `Invalid parameter ${name}`,
  sortDirection: (text: string) => `Invalid sort direction "${text}" (expected asc or desc)`,
  populateTooDeep: (max: number) => `populate is nested deeper than ${max} levels`,
  paginationParameter: (key: string) => `Invalid pagination parameter ${key}`,
  paginationParameters: () => 'Invalid pagination parameters',
  paginationMixed: () => 'Invalid pagination parameters. Expected either start/limit or page/pageSize',
  /** quire's own: strapi-plugin-populate-deep would read them all */
  populateDeepTooLarge: (depth: number, max: number) => `populate=deep,${depth} asks for more than ${max} populated attributes; ask for a smaller depth`,
  /** the same problem as the Strapi v4 GraphQL plugin words it (a PaginationError there) */
  graphqlPaginationMixed: () => 'Cannot use both page & offset pagination in the same query',
  queryNul: () => 'Invalid query string: NUL characters (%00) are not allowed',
  queryEncoding: () => 'Invalid query string: malformed percent-encoding',
  queryParameters: (max: number) => `Invalid query string: more than ${max} parameters`,
  queryArray: (max: number) => `Invalid query string: arrays are limited to ${max} elements`,
  queryDepth: (max: number) => `Invalid query string: nested deeper than ${max} levels`,
  /** `locale must be one of the following values: en, fr` (plus `all` where reads accept it) */
  locale: (p: MessagePath, codes: readonly string[]) => `${at(p)} must be one of the following values: ${codes.join(', ')}`,

  // ---- i18n: POST .../localizations (Strapi's wording) ------------------------------------------
  localeMissing: () => 'locale is missing',
  localeInvalid: () => 'locale is invalid',
  localeUsed: () => 'locale is already used',

  // ---- users-permissions --------------------------------------------------------------------------
  invalidCredentials: () => 'Invalid identifier or password',
  identityTaken: () => 'Email or Username are already taken',
  usernameTaken: () => 'Username already taken',
  emailTaken: () => 'Email already taken',
  providerDisabled: () => 'This provider is disabled',
  userBlocked: () => 'Your account has been blocked by an administrator',
  noDefaultRole: () => 'Impossible to find the default role',
  /** quire's own: passwords longer than bcrypt reads would be cut silently */
  passwordBytes: (p: MessagePath, max: number) => `${at(p)} must be at most ${max} bytes`,
  /** quire's own: role, confirmed, blocked... are refused rather than silently dropped */
  notWritable: (p: MessagePath) => `${at(p)} may not be set through the API`,
  registerDisabled: () => 'Register action is currently disabled',
  emailNotConfirmed: () => 'Your account email is not confirmed',
  passwordsDiffer: () => 'Passwords do not match',
  incorrectCode: () => 'Incorrect code provided',
  currentPasswordInvalid: () => 'The provided current password is invalid',
  samePassword: () => 'Your new password must be different than your current password',
  notAuthenticated: () => 'You must be authenticated to reset your password',
  invalidToken: () => 'Invalid token',
  alreadyConfirmed: () => 'Already confirmed',
  roleNotFound: () => 'Role not found',
  publicRoleDelete: () => 'Cannot delete public role',
  /** quire's own: a role config/permissions.json defines is changed there, not through the API */
  roleFromConfig: (type: string) => `Role ${type} is defined by config/permissions.json: change it there`,
  /** quire's own (503): the mailer failed; the transport's message is logged, not sent */
  emailNotSent: () => 'The email could not be sent',

  // ---- upload ---------------------------------------------------------------------------------------
  filesEmpty: () => 'Files are empty',
  replaceWithMany: () => 'Cannot replace a file with multiple ones',
  fileInfoCount: (entries: number, files: number) => `fileInfo has ${entries} entries for ${files} file(s)`,
  uploadNotAllowed: (name: string, mime: string, allowed: readonly string[]) => `${name} (${mime}) is not of an allowed type (${allowed.join(', ')})`,
  uploadLinkTogether: () => 'ref, refId and field go together',
  uploadRef: (ref: string) => `ref must be the uid of a content-type, got "${ref}"`,
  uploadField: (ref: string, field: string) => `field must be a media attribute of ${ref}, got "${field}"`,
  uploadRefId: () => 'refId must be an entry id',
  uploadSingleFile: (field: string) => `${field} holds a single file`,
  /** a multipart create/update without a `data` part that is a JSON object */
  multipartData: () => 'The "data" part must be a JSON object',
  uploadEntryMissing: (uid: string, id: number | string) => `${uid} ${id} does not exist`,
  uploadNotAFile: (p: MessagePath) => `${at(p)} must be a file sent with the request`,
  multipartMalformed: () => 'Malformed multipart body',
  requestAborted: () => 'Request aborted',

  // ---- the GraphQL door (quire's own; graphql-js words the parse and schema errors) -------------------
  graphqlRowBudget: (reads: number, limit: number) =>
    `This request may read up to ${reads} entries; the limit is ${limit}. Ask for smaller pages or fewer nested lists.`,
  graphqlArgumentsInComponent: (field: string) => `${field} is selected with two different sets of arguments inside a component; use one`,
  graphqlDocumentLength: (length: number, max: number) => `Document is ${length} characters long; the limit is ${max}`,
  /** the depth limit's wording, as the Strapi GraphQL plugin's depth limiter gives it */
  graphqlDepth: (name: string, max: number) => `'${name}' exceeds maximum operation depth of ${max}`,
  graphqlTooComplex: (name: string) => `${name} is too complex (fragments expand past the field limit)`,
  graphqlRootFields: (name: string, max: number) => `${name} selects more than ${max} root fields`,
  graphqlFields: (name: string, max: number) => `${name} selects more than ${max} fields`,
  graphqlAliases: (name: string, max: number) => `${name} uses more than ${max} aliases`,
  graphqlNul: () => 'String values may not contain NUL characters (\\u0000)',
  /** Strapi v4 GraphQL's words for a denied query or mutation */
  graphqlForbidden: () => 'Forbidden access',
  /** Strapi v4's I18NLocaleCode scalar; graphql-js prefixes `Expected value of type "I18NLocaleCode", found "xx"; ` */
  unknownLocale: () => 'Unknown locale supplied',
  scalarNotString: (scalar: string) => `${scalar} cannot represent a non-string value`,
  scalarValue: (scalar: string, value: unknown, expected: string) => `${scalar} cannot represent ${JSON.stringify(value)}: expected ${expected}`,
  longNotInteger: () => 'Long cannot represent a non-integer value',
  uploadInputOnly: () => 'Upload is an input-only scalar',
  uploadNotMultipart: () => 'Upload values are files sent with a multipart request (GraphQL multipart request spec)',
  multipartField: (name: string) => `Multipart GraphQL requests need exactly one "${name}" field`,
  multipartFieldJson: (name: string) => `The "${name}" field is not valid JSON`,
  multipartBatched: () => 'Batched operations are not supported',
  multipartOperations: () => 'The "operations" field must be a JSON object',
  multipartMap: () => 'The "map" field must be a JSON object of file field -> paths',
  multipartMapFile: (field: string) => `File "${field}" named in map is missing from the request`,
  multipartMapPaths: (field: string) => `map["${field}"] must be an array of paths`,
  multipartMapPathMissing: (path: string) => `map path "${path}" does not exist in operations`,
  multipartMapPathPrefix: (path: string) => `map path "${path}" must start with "variables."`,
  multipartMapPathForbidden: (path: string) => `map path "${path}" is not allowed`,
});

export type MessageKey = keyof typeof messages;

/**
 * One example per message, the arguments the README's table renders (a unit test checks that the table
 * shows exactly `messages[key](...MESSAGE_EXAMPLES[key])` for every key, and no other key).
 */
export const MESSAGE_EXAMPLES: { readonly [K in MessageKey]: Parameters<(typeof messages)[K]> } = {
  errorsOccurred: [3],
  missingData: [],
  defined: [['address', 'street']],
  requiredField: [['layout', 0, '__component']],
  type: [['title'], 'string', 5],
  typeCast: [['seats'], 'number', NaN, 'many'],
  integer: [['seats']],
  min: [['readingTime'], 1],
  max: [['rating'], 5],
  moreThan: [['price'], -10000000000],
  lessThan: [['price'], 10000000000],
  minLength: [['title'], 2],
  maxLength: [['title'], 200],
  minItems: [['sources'], 1],
  maxItems: [['sources'], 20],
  oneOf: [['layout', 0, '__component'], ['blocks.a', 'blocks.b']],
  enumeration: [['format'], ['news', 'review']],
  email: [['email']],
  emptyEmail: [['email']],
  matches: [['slug'], /^[A-Za-z0-9-_.~]*$/],
  date: [],
  time: [],
  timeNotString: [5],
  datetime: [],
  unique: [],
  relationsNotFound: [2, 'api::tag.tag'],
  invalidRelations: [],
  relationAnchor: [1, { before: 9 }, 9],
  componentNotRelated: ['seo'],
  notNull: [['category']],
  relationSetMixed: [['tags']],
  relationTwice: [['tags'], 3],
  relationPosition: [['tags', 'connect', 0, 'position']],
  mediaId: [['cover'], false],
  fileTwice: [['gallery'], 4],
  fileType: [['cover'], [7], ['images']],
  localeChange: ['en'],
  relatedEntryMissing: [],
  invalidValue: [],
  valueTooLong: [],
  valueOutOfRange: [],
  invalidDateTime: [],
  dateTimeOutOfRange: [],
  valueRequired: [],
  bodyNotJson: [],
  bodyNotUtf8: [],
  bodyNotObject: [],
  bodyTooDeep: [32],
  nulCharacter: [],
  forbiddenKey: ['__proto__'],
  invalidParameter: ['internalNotes'],
  sortDirection: ['sideways'],
  populateTooDeep: [10],
  paginationParameter: ['page'],
  paginationParameters: [],
  paginationMixed: [],
  populateDeepTooLarge: [8, 5000],
  graphqlPaginationMixed: [],
  queryNul: [],
  queryEncoding: [],
  queryParameters: [1000],
  queryArray: [100],
  queryDepth: [12],
  locale: [['locale'], ['en', 'fr', 'all']],
  localeMissing: [],
  localeInvalid: [],
  localeUsed: [],
  invalidCredentials: [],
  identityTaken: [],
  usernameTaken: [],
  emailTaken: [],
  providerDisabled: [],
  userBlocked: [],
  noDefaultRole: [],
  passwordBytes: [['password'], 72],
  notWritable: [['role']],
  registerDisabled: [],
  emailNotConfirmed: [],
  passwordsDiffer: [],
  incorrectCode: [],
  currentPasswordInvalid: [],
  samePassword: [],
  notAuthenticated: [],
  invalidToken: [],
  alreadyConfirmed: [],
  roleNotFound: [],
  publicRoleDelete: [],
  roleFromConfig: ['authenticated'],
  emailNotSent: [],
  filesEmpty: [],
  replaceWithMany: [],
  fileInfoCount: [2, 1],
  uploadNotAllowed: ['notes.exe', 'application/x-msdownload', ['images']],
  uploadLinkTogether: [],
  uploadRef: ['api::nope.nope'],
  uploadField: ['api::article.article', 'title'],
  uploadRefId: [],
  uploadSingleFile: ['cover'],
  multipartData: [],
  uploadEntryMissing: ['api::article.article', 99],
  uploadNotAFile: [['files']],
  multipartMalformed: [],
  requestAborted: [],
  graphqlRowBudget: [12000, 10000],
  graphqlArgumentsInComponent: ['ComponentSharedSeo.metaImage'],
  graphqlDocumentLength: [200000, 100000],
  graphqlDepth: ['articles', 10],
  graphqlTooComplex: ["'articles'"],
  graphqlRootFields: ["'articles'", 20],
  graphqlFields: ["'articles'", 1000],
  graphqlAliases: ["'articles'", 30],
  graphqlNul: [],
  graphqlForbidden: [],
  unknownLocale: [],
  scalarNotString: ['DateTime'],
  scalarValue: ['Date', '05/01/2024', 'a date such as 2024-05-01'],
  longNotInteger: [],
  uploadInputOnly: [],
  uploadNotMultipart: [],
  multipartField: ['operations'],
  multipartFieldJson: ['map'],
  multipartBatched: [],
  multipartOperations: [],
  multipartMap: [],
  multipartMapFile: ['0'],
  multipartMapPaths: ['0'],
  multipartMapPathMissing: ['variables.file'],
  multipartMapPathPrefix: ['file'],
  multipartMapPathForbidden: ['variables.__proto__'],
};

/** `renderExample('defined')` -> "address.street must be defined." */
export function renderExample(key: MessageKey): string {
  return (messages[key] as (...args: unknown[]) => string)(...(MESSAGE_EXAMPLES[key] as unknown[]));
}
