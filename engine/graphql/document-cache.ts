/**
 * engine/graphql: parsed and validated documents remembered by their source text, so a client
 * sending the same query again skips parsing and validation (graphql-js's two costliest steps for
 * small reads). Validation depends only on the document, the schema and the rules, all fixed per
 * endpoint, so a document that validated once validates again; only successes are remembered.
 * Bounded: MAX_DOCUMENTS sources of at most MAX_SOURCE characters, least recently used dropped.
 */
import type { DocumentNode, GraphQLError } from 'graphql';

const MAX_DOCUMENTS = 200;
const MAX_SOURCE = 20_000;

export class DocumentCache {
  private readonly documents = new Map<string, DocumentNode>();
  private readonly valid = new WeakSet<DocumentNode>();

  /** `parse(source)` once per source text (errors are thrown again each time) */
  parse(source: string, parse: (source: string) => DocumentNode): DocumentNode {
    const known = this.documents.get(source);
    if (known) {
      this.documents.delete(source);
      this.documents.set(source, known);
      return known;
    }
    const document = parse(source);
    if (source.length <= MAX_SOURCE) {
      if (this.documents.size >= MAX_DOCUMENTS) this.documents.delete(this.documents.keys().next().value as string);
      this.documents.set(source, document);
    }
    return document;
  }

  /** `validate(document)` until it once answers no errors; [] from then on */
  validate(document: DocumentNode, validate: (document: DocumentNode) => readonly GraphQLError[]): readonly GraphQLError[] {
    if (this.valid.has(document)) return [];
    const errors = validate(document);
    if (errors.length === 0) this.valid.add(document);
    return errors;
  }
}
