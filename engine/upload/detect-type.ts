/**
 * engine/upload: a stored file's MIME type and extension from its content (magic bytes, via
 * file-type), the client's name and declared type only where the content cannot say: text formats
 * (CSV, SVG, JSON, ...) have no signature, so their name is believed unless it claims a binary
 * format the content does not match, which is stored as application/octet-stream.
 *   PNG bytes named 'cat.jpg'     -> { mime: 'image/png', ext: '.png' }
 *   HTML bytes named 'cat.png'    -> { mime: 'application/octet-stream', ext: '' }
 *   '<svg ...>' named 'logo.svg'  -> { mime: 'image/svg+xml', ext: '.svg' }
 */
import { fileTypeFromFile, supportedMimeTypes } from 'file-type';
import mimeTypes from 'mime-types';
import { extensionOf } from './file-naming.js';

export interface DetectedType {
  mime: string;
  /** `.png`, or '' */
  ext: string;
}

const OCTET = 'application/octet-stream';
const detectable = new Set<string>(supportedMimeTypes);

/** Containers whose specialisations file-type reports as the container: believe the name's subtype. */
function refines(detected: string, byName: string): boolean {
  if (detected === 'application/xml') return /[+/]xml$/.test(byName);
  if (detected === 'application/zip') return byName.endsWith('+zip') || byName === 'application/java-archive';
  return false;
}

export async function detectType(path: string, fileName: string): Promise<DetectedType> {
  const nameExt = extensionOf(fileName);
  const byName = nameExt ? mimeTypes.lookup(nameExt) || undefined : undefined;
  const found = await fileTypeFromFile(path);
  if (found) {
    if (byName && (byName === found.mime || refines(found.mime, byName))) return { mime: byName, ext: nameExt };
    return { mime: found.mime, ext: `.${found.ext}` };
  }
  if (!byName) return { mime: OCTET, ext: nameExt };
  // the name claims a format with a signature, and the content does not carry it
  if (detectable.has(byName)) return { mime: OCTET, ext: '' };
  return { mime: byName, ext: nameExt };
}

/** Content-Type to serve a stored key with (its extension is one detectType chose). */
export function contentTypeOf(key: string): string {
  const ext = extensionOf(key);
  return (ext && mimeTypes.contentType(ext)) || OCTET;
}
