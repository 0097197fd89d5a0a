/**
 * engine/graphql: parsed and validated documents remembered by their source text, so a client
 * sending the same query again skips parsing and validation (graphql-js's two costliest steps for
 * small reads). Validation depends only on the document, the schema and the rules, all fixed per
 * endpoint, so a document that validated once validates again; only successes are remembered.
 * Bounded (lru-cache): MAX_DOCUMENTS sources of at most MAX_SOURCE characters, least recently used dropped.
 */
import type { DocumentNode, GraphQLError } from 'graphql';
import { LRUCache } from 'lru-cache';

const MAX_DOCUMENTS = 200;
const MAX_SOURCE = 20_000;

interface Known {
  readonly document: DocumentNode;
  /** the document validated once without errors */
  valid: boolean;
}

export class DocumentCache {
  private readonly documents = new LRUCache<string, Known>({ max: MAX_DOCUMENTS });

  /**
   * The document of `source`, parsed once per source text (errors are thrown again each time), and
   * validated (`validate`) until it once answers no errors: [] from then on.
   */
  read(source: string, parse: (source: string) => DocumentNode, validate: (document: DocumentNode) => readonly GraphQLError[]): { document: DocumentNode; errors: readonly GraphQLError[] } {
    let known = this.documents.get(source);
    if (!known) {
      known = { document: parse(source), valid: false };
      if (source.length <= MAX_SOURCE) this.documents.set(source, known);
    }
    if (known.valid) return { document: known.document, errors: [] };
    const errors = validate(known.document);
    if (errors.length === 0) known.valid = true;
    return { document: known.document, errors };
  }
}
