/**
 * engine/upload: where file bytes live. A provider stores an object under a key the upload service
 * chose (hash-based, `[A-Za-z0-9_-]+` plus an extension: never a client's path), deletes it, and says
 * the URL clients read it from. The database never learns more than that URL and provider_metadata.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  /** public URL of the object (`/uploads/<key>` locally, absolute for S3) */
  url: string;
  /** kept in the file record's provider_metadata; null for the local provider */
  providerMetadata: Record<string, unknown> | null;
}

export interface StorageProvider {
  /** the record's `provider` column: `local`, `aws-s3` */
  readonly name: string;
  /**
   * Store `body` (a stream is read to its end; `size` bytes) under `key` with Content-Type `mime`.
   * Never replaces an existing object; a failure leaves nothing behind.
   */
  upload(body: Readable | Buffer, key: string, mime: string, size: number): Promise<StoredObject>;
  /** Remove the object; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** The URL `key` is read from. */
  url(key: string): string;
}

/** Keys the upload service makes: `up_1200_ae4fddbaa0.png`, `thumbnail_up_1200_ae4fddbaa0.png`. */
export const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,200}(\.[A-Za-z0-9]{1,16})?$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`quire upload: refusing storage key ${JSON.stringify(key)}`);
}
