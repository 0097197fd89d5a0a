/**
 * integration (upload): a test server whose upload folder and spool folder are fresh temp dirs,
 * images made with sharp, a tiny valid PDF, and a multipart client (fetch + FormData) for REST and
 * for GraphQL multipart requests.
 */
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { tempDir } from '../../helpers/spec-dir.js';
import { startTestServer, type TestResponse, type TestServer } from '../../helpers/server.js';

export interface UploadServer extends TestServer {
  uploadDir: string;
  tmpDir: string;
  admin: string;
}

export async function startUploadServer(name: string, env: Record<string, string> = {}): Promise<UploadServer> {
  const uploadDir = tempDir('quire-uploads-');
  const tmpDir = tempDir('quire-spool-');
  const s = await startTestServer({ name, env: { UPLOAD_DIR: uploadDir, UPLOAD_TMP_DIR: tmpDir, QUIRE_VALIDATE_RESPONSES: '1', ...env } });
  return Object.assign(s, { uploadDir, tmpDir, admin: await s.token('full-access') });
}

/** A solid-colour image of the given size (PNG unless `format` says otherwise). */
export function makeImage(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
}

/** The smallest PDF readers open: one empty 10x10 page. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface Part {
  name: string;
  data: Buffer;
  type?: string;
}

async function send(s: TestServer, method: string, path: string, form: FormData, token?: string): Promise<TestResponse> {
  const res = await fetch(s.url + path, { method, body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** POST /api/upload (or `path`) as multipart: `files` parts plus text fields. */
export function postFiles(s: TestServer, files: Part[], fields: Record<string, string | string[]> = {}, o: { token?: string; path?: string } = {}): Promise<TestResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) form.append(k, value);
  for (const f of files) form.append('files', new Blob([f.data], { type: f.type ?? 'application/octet-stream' }), f.name);
  return send(s, 'POST', o.path ?? '/api/upload', form, o.token);
}

/** A GraphQL multipart request: `files` keyed by map key, `map` key -> variable paths. */
export function gqlUpload(s: TestServer, query: string, variables: Record<string, unknown>, map: Record<string, string[]>, files: Record<string, Part>, token?: string): Promise<TestResponse> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables }));
  form.append('map', JSON.stringify(map));
  for (const [key, f] of Object.entries(files)) form.append(key, new Blob([f.data], { type: f.type ?? 'application/octet-stream' }), f.name);
  return send(s, 'POST', '/graphql', form, token);
}

/** File names in a folder, sorted. */
export function listDir(dir: string): string[] {
  return readdirSync(dir).sort();
}
