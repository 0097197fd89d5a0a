/**
 * engine/upload: one file of a request, spooled to a temporary file: what the REST route hands the
 * upload service, and the value of the GraphQL `Upload` scalar (graphql/upload-resolvers.ts puts it
 * into the variables; the scalar accepts nothing else, so a client cannot forge one with JSON).
 */
export const UPLOADED_FILE: unique symbol = Symbol('quire.uploadedFile');

export interface UploadedFile {
  readonly [UPLOADED_FILE]: true;
  /** the multipart field it came in (`files`, or the GraphQL map key) */
  readonly field: string;
  /** the client's file name, untrusted */
  readonly filename: string;
  /** the client's Content-Type, untrusted (the content decides) */
  readonly declaredMime: string;
  /** temporary file holding the bytes */
  readonly path: string;
  size: number;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && (value as Partial<UploadedFile>)[UPLOADED_FILE] === true;
}
