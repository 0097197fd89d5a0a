/**
 * engine/config: the upload plugin's settings from the environment, checked once at start (part of
 * ServerConfig). UPLOAD_PROVIDER (local | s3), UPLOAD_DIR (local files; default public/uploads, the server passes <data dir>/uploads),
 * UPLOAD_MAX_FILE_SIZE (bytes; default the project's `upload.config.sizeLimit`, else 200 MB),
 * UPLOAD_MAX_FILES (per request, default 20),
 * UPLOAD_CACHE_MAX_AGE (seconds, /uploads responses, default 86400), S3_* for the S3 provider.
 */
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { ConfigError } from './env-values.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** S3-compatible servers (MinIO, R2, ...): their base URL; undefined: AWS */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** base URL files are read from (a CDN, the bucket's website); default derived from endpoint/bucket */
  publicUrl?: string;
}

export interface UploadConfig {
  provider: 'local' | 's3';
  /** absolute; the local provider's folder, served at /uploads */
  dir: string;
  /** where request bodies are spooled before they are checked and stored */
  tmpDir: string;
  maxFileSize: number;
  /** UPLOAD_MAX_FILE_SIZE was set (it wins over the project's `upload.config.sizeLimit`) */
  maxFileSizeSet?: boolean;
  maxFiles: number;
  cacheMaxAge: number;
  s3?: S3Settings;
}

/** a bad UPLOAD_* or S3_* setting: a ConfigError, so the start stops with its one line */
export class UploadConfigError extends ConfigError {}

const MB = 1024 * 1024;
/** one PUT to S3 takes at most 5 GiB */
const MAX_FILE_SIZE = 5 * 1024 * MB;

function int(name: string, v: string | undefined, dflt: number, min: number, max: number): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UploadConfigError(`${name} must be an integer between ${min} and ${max}, got "${v}"`);
  return n;
}

function bool(name: string, v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  if (/^(1|true|yes)$/i.test(v)) return true;
  if (/^(0|false|no)$/i.test(v)) return false;
  throw new UploadConfigError(`${name} must be true or false, got "${v}"`);
}

function url(name: string, v: string | undefined): string | undefined {
  if (!v) return undefined;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new UploadConfigError(`${name} must be an absolute http(s) URL, got "${v}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UploadConfigError(`${name} must be an http(s) URL, got "${v}"`);
  return v.replace(/\/+$/, '');
}

/** `loadUploadConfig({ UPLOAD_PROVIDER: 's3', S3_BUCKET: 'media' })` -> { provider: 's3', s3: { bucket: 'media', region: 'us-east-1', ... } } */
export function loadUploadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd(), defaultDir = 'public/uploads'): UploadConfig {
  const provider = (env.UPLOAD_PROVIDER || 'local').toLowerCase();
  if (provider !== 'local' && provider !== 's3') throw new UploadConfigError(`UPLOAD_PROVIDER must be "local" or "s3", got "${env.UPLOAD_PROVIDER}"`);
  const config: UploadConfig = {
    provider,
    dir: resolve(cwd, env.UPLOAD_DIR || defaultDir),
    tmpDir: resolve(cwd, env.UPLOAD_TMP_DIR || tmpdir()),
    maxFileSize: int('UPLOAD_MAX_FILE_SIZE', env.UPLOAD_MAX_FILE_SIZE, 200 * MB, 1, MAX_FILE_SIZE),
    ...(env.UPLOAD_MAX_FILE_SIZE ? { maxFileSizeSet: true } : {}),
    maxFiles: int('UPLOAD_MAX_FILES', env.UPLOAD_MAX_FILES, 20, 1, 1000),
    cacheMaxAge: int('UPLOAD_CACHE_MAX_AGE', env.UPLOAD_CACHE_MAX_AGE, 86_400, 0, 31_536_000),
  };
  if (provider === 's3') {
    if (!env.S3_BUCKET) throw new UploadConfigError('S3_BUCKET must be set when UPLOAD_PROVIDER=s3');
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) throw new UploadConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    const endpoint = url('S3_ENDPOINT', env.S3_ENDPOINT);
    config.s3 = {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || 'us-east-1',
      ...(endpoint ? { endpoint } : {}),
      ...(env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : {}),
      forcePathStyle: bool('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, false),
      ...(url('S3_PUBLIC_URL', env.S3_PUBLIC_URL) ? { publicUrl: url('S3_PUBLIC_URL', env.S3_PUBLIC_URL) } : {}),
    };
  }
  return config;
}
