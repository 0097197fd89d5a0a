/**
 * engine/response: the shape of an answer, as data. An answer is a JSON object whose members are
 * written in order under their keys; each member says what it writes from the row (or rows) at its
 * level. A door describes its answers once in this vocabulary (rest-shape.ts: Strapi v4 REST, from a
 * read plan; the GraphQL door: v4 GraphQL, from a selection), and every executor prints that one
 * description: in Node over the loaded entries (print-answer.ts) or in SQL, as one statement whose
 * text is the answer (engine/repository/answer). Plain frozen data: no functions, no I/O.
 */

/**
 * How a scalar value is written. `json`: the value as the repository decodes it (engine/plan/types.ts
 * Entry), JSON-printed (REST); the others are GraphQL's serializations where they differ from that:
 * `long` a number, `datetime` epoch milliseconds (timestamp attributes) as an ISO date-time, `time`
 * `HH:mm:ss` completed to `HH:mm:ss.SSS`, `enum` the stored value's GraphQL name.
 */
export type ValueForm = 'json' | 'long' | 'datetime' | 'time' | 'enum';

/** A number of a list's `meta.pagination`, from the read's page and (when counted) its total. */
export type PageValue = 'page' | 'pageSize' | 'pageCount' | 'total' | 'start' | 'limit';

/**
 * One member of an object of the answer, under `key`:
 *   const: fixed JSON text (`__typename`, `__component`);
 *   id: the row's id, a number or (GraphQL's ID) a string;
 *   field: a scalar or system field of the row;
 *   object: an object written from the same row (`attributes`, `meta`, a relation's `{ data }` wrapper);
 *   link: the rows attribute `field` links to the row (relation, media, component, `localizations`):
 *     an array (`many`; `emptyAs: 'null'` writes an empty one as null) or one object or null;
 *     `members` null: the requester may not read the target, so nothing is read (`[]` / null);
 *   zone: a dynamic zone's items, each with the members of its component (`items` by component uid;
 *     items of components not listed are left out);
 *   rows: the read's own rows (the root's `data`): the page of a list, or the one entry or null;
 *   page: a number of the list's pagination;
 *   locales: the entry's other localizations `[{ id, locale, publishedAt }]` (REST entry meta);
 *   creator: `createdBy` / `updatedBy` (`{ id, firstname, lastname }` or null).
 * `check` (GraphQL): the index of the FieldCheck a value that cannot be written is reported under.
 * `nullable` / `nullableItems` (GraphQL): where a check's null stops (FieldCheck.steps say it again).
 */
export type Member =
  | { readonly kind: 'const'; readonly key: string; readonly json: string }
  | { readonly kind: 'id'; readonly key: string; readonly text: boolean }
  | {
      readonly kind: 'field'; readonly key: string; readonly field: string; readonly form: ValueForm;
      /** `enum`: stored value -> GraphQL name */
      readonly names?: Readonly<Record<string, string>>;
      readonly check?: number;
    }
  | { readonly kind: 'object'; readonly key: string; readonly members: readonly Member[] }
  | {
      readonly kind: 'link'; readonly key: string; readonly field: string; readonly many: boolean;
      readonly members: readonly Member[] | null; readonly emptyAs?: 'null';
    }
  | { readonly kind: 'zone'; readonly key: string; readonly field: string; readonly items: Readonly<Record<string, readonly Member[]>> }
  | { readonly kind: 'rows'; readonly key: string; readonly members: readonly Member[] }
  | { readonly kind: 'page'; readonly key: string; readonly value: PageValue }
  | { readonly kind: 'locales'; readonly key: string; readonly publishedAt: boolean }
  | { readonly kind: 'creator'; readonly key: string; readonly field: 'createdBy' | 'updatedBy' };

/** One step from a root field's value down to a checked field: the key it is under and what may be null there. */
export interface CheckStep {
  readonly key: string;
  /** the value at this key may be null (GraphQL: its type is not non-null) */
  readonly nullable: boolean;
  /** the value is a list; `nullableItems`: its items may be null */
  readonly list?: { readonly nullableItems: boolean };
}

/**
 * A field whose value the schema may refuse (GraphQL): a null in a non-null field, a stored value
 * its enum does not name. Printers write such a value as a mark (print-answer.ts), and settleChecks
 * turns each mark into graphql-js's error and null, placed where graphql-js places them.
 */
export interface FieldCheck {
  /** `Article.title` */
  readonly field: string;
  readonly nonNull: boolean;
  /** the enum type's name, when the field is an enum */
  readonly enumType?: string;
  /** where the field stands in the document: the offsets of its nodes (graphql-js's error positions) */
  readonly positions: readonly number[];
  /** from the root field's value down to the field, the field's own step last */
  readonly steps: readonly CheckStep[];
}

/**
 * A whole answer: the members of its root object (a REST body, a GraphQL root field's value).
 * `list`: the root's rows are a page (else one entry or none).
 */
export interface AnswerShape {
  readonly list: boolean;
  readonly members: readonly Member[];
  readonly checks?: readonly FieldCheck[];
}
