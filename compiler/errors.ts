/**
 * build: the one problem type of the compiler. Rules report DefinitionErrors (file + JSON pointer),
 * the CLI prints each on one line and exits 1. They never cross HTTP, so nothing here knows the engine.
 */

export class DefinitionError extends Error {
  override readonly name = 'DefinitionError';
  constructor(
    /** spec-relative path of the file at fault */
    readonly file: string,
    /** JSON pointer inside that file, e.g. `/attributes/title/type` ('' for the whole file) */
    readonly pointer: string,
    message: string,
  ) {
    super(message);
  }

  /** `api/article/content-types/article/schema.json: attribute "title": unknown type "strin"` */
  toLine(): string {
    const where = describePointer(this.pointer);
    return `${this.file}: ${where ? where + ': ' : ''}${this.message}`;
  }
}

/**
 * Something Strapi v4 accepts that quire builds anyway, with what it did about it (a custom field it does
 * not know, a relation side that points nowhere...). Printed by the CLI as `warning: <line>`; exit code 0.
 */
export class DefinitionWarning {
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly message: string,
  ) {}

  /** `api/article/content-types/article/schema.json: attribute "body": custom field "plugin::x.y" ...` */
  toLine(): string {
    const where = describePointer(this.pointer);
    return `${this.file}: ${where ? where + ': ' : ''}${this.message}`;
  }
}

/** `/attributes/title/type` -> `attribute "title"`; other pointers are shown as they are. */
export function describePointer(pointer: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts[0] === 'attributes' && parts.length >= 2) return `attribute "${parts[1]}"`;
  return pointer;
}

/** Thrown by the compiler when at least one DefinitionError was found; carries all of them. */
export class BuildFailed extends Error {
  constructor(
    readonly problems: readonly DefinitionError[],
    /** what was tolerated before the build failed (printed too) */
    readonly warnings: readonly DefinitionWarning[] = [],
  ) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the content-type definitions`);
  }
}

/** JSON pointer escaping for one segment. */
export function pointerSegment(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}
