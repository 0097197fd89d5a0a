/**
 * engine/upload: the S3 provider (AWS SDK v3), for AWS and S3-compatible servers (MinIO, R2, Ceph,
 * ...), so that several quire processes share one store. Objects are written with their
 * Content-Type and a long Cache-Control; URLs come from S3_PUBLIC_URL, else from the endpoint
 * (path-style or virtual-host) or AWS's regional host. Checksums are sent only when an operation
 * requires them, which S3-compatible servers that predate flexible checksums also accept.
 */
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3Settings } from '../../config/upload-config.js';
import { assertSafeKey, type StorageProvider, type StoredObject } from './storage-provider.js';

export class S3Provider implements StorageProvider {
  readonly name = 'aws-s3';
  readonly client: S3Client;
  private readonly base: string;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
    this.base = settings.publicUrl ?? defaultBase(settings);
  }

  url(key: string): string {
    return `${this.base}/${key}`;
  }

  async upload(body: Readable | Buffer, key: string, mime: string, size: number): Promise<StoredObject> {
    assertSafeKey(key);
    const { bucket } = this.settings;
    const put = await this.client.send(new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentLength: size,
      ContentType: mime,
      CacheControl: 'public, max-age=31536000',
    }));
    return { url: this.url(key), providerMetadata: { bucket, key, ...(put.ETag ? { etag: put.ETag } : {}) } };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // S3 answers 204 for a key that does not exist
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
}

function defaultBase(s: S3Settings): string {
  if (s.endpoint) {
    const u = new URL(s.endpoint);
    if (s.forcePathStyle) return `${u.origin}${u.pathname.replace(/\/+$/, '')}/${s.bucket}`;
    return `${u.protocol}//${s.bucket}.${u.host}${u.pathname.replace(/\/+$/, '')}`;
  }
  return `https://${s.bucket}.s3.${s.region}.amazonaws.com`;
}
