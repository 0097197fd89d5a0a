/** unit (config): UPLOAD_* and S3_* environment -> UploadConfig, and its refusals. Pure. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadUploadConfig, UploadConfigError } from '../../../../engine/config/upload-config.js';

test('defaults: local provider in public/uploads, 200 MB, 20 files, a day of caching', () => {
  const c = loadUploadConfig({}, '/srv/app');
  assert.equal({ ...c, tmpDir: undefined }, { provider: 'local', dir: '/srv/app/public/uploads', tmpDir: undefined, maxFileSize: 200 * 1024 * 1024, maxFiles: 20, cacheMaxAge: 86400 });
  assert.is(loadUploadConfig({ UPLOAD_DIR: 'media' }, '/srv/app').dir, '/srv/app/media');
});

test('s3: bucket required, endpoint and public URL checked, path style as a boolean', () => {
  const c = loadUploadConfig({
    UPLOAD_PROVIDER: 'S3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_PUBLIC_URL: 'https://cdn.example.com/m/',
  });
  assert.equal(c.s3, { bucket: 'media', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true, publicUrl: 'https://cdn.example.com/m' });
  const refused: Record<string, string>[] = [
    { UPLOAD_PROVIDER: 'ftp' },
    { UPLOAD_PROVIDER: 's3' },
    { UPLOAD_PROVIDER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' },
    { UPLOAD_PROVIDER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-id' },
    { UPLOAD_PROVIDER: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' },
    { UPLOAD_MAX_FILE_SIZE: '0' },
    { UPLOAD_MAX_FILE_SIZE: String(6 * 1024 ** 3) },
    { UPLOAD_MAX_FILES: 'many' },
  ];
  for (const env of refused) assert.throws(() => loadUploadConfig(env), (e: unknown) => e instanceof UploadConfigError, JSON.stringify(env));
});

test.run();
