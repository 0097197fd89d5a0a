/**
 * engine/upload: the local provider. Objects are files in one folder (UPLOAD_DIR), served by
 * engine/http/serve-uploads.ts at `/uploads/<key>`. A write goes to a hidden temporary file first and
 * is then hard-linked to its key, which fails if the key exists: a file is never overwritten or half-written.
 */
import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type StorageProvider, type StoredObject } from './storage-provider.js';

export const LOCAL_URL_PREFIX = '/uploads';

export class LocalProvider implements StorageProvider {
  readonly name = 'local';
  constructor(readonly dir: string) {}

  url(key: string): string {
    return `${LOCAL_URL_PREFIX}/${key}`;
  }

  async upload(body: Readable | Buffer, key: string, _mime: string, _size: number): Promise<StoredObject> {
    assertSafeKey(key);
    await mkdir(this.dir, { recursive: true });
    const part = join(this.dir, `.part-${randomBytes(8).toString('hex')}`);
    try {
      if (Buffer.isBuffer(body)) await writeFile(part, body, { flag: 'wx', mode: 0o644 });
      else await pipeline(body, createWriteStream(part, { flags: 'wx', mode: 0o644 }));
      await publish(part, join(this.dir, key));
    } finally {
      await unlink(part).catch(() => undefined);
    }
    return { url: this.url(key), providerMetadata: null };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await unlink(join(this.dir, key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

/** Give `part` its final name without replacing anything; copy where hard links are not supported. */
async function publish(part: string, target: string): Promise<void> {
  try {
    await link(part, target);
  } catch (err) {
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    try {
      await copyFile(part, target, constants.COPYFILE_EXCL);
    } catch (copyErr) {
      if ((copyErr as NodeJS.ErrnoException).code !== 'EEXIST') await unlink(target).catch(() => undefined);
      throw copyErr;
    }
  }
}
