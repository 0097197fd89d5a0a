/**
 * engine/upload: names from clients -> what is stored. `name` keeps what the client called the file
 * (last path segment only, no control characters, at most 255 characters); the storage key is built
 * from a slug of it plus a random suffix (`hash`, Strapi's form), so it never carries a path, never
 * collides with another file's key and never depends on anything the client controls but letters.
 *   cleanFileName('../../etc/pa\u0000sswd.png') -> 'passwd.png'
 *   fileHash('My Doc')                           -> 'My_Doc_3f2a9c01de'
 */
import { randomBytes } from 'node:crypto';

const MAX_NAME = 255;
const MAX_SLUG = 100;

/** The last segment of a client's file name, cleaned; '' -> 'file'. */
export function cleanFileName(raw: string): string {
  const noControl = raw.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  const last = noControl.split(/[\\/]/).pop() ?? '';
  const trimmed = last.trim();
  const name = trimmed === '.' || trimmed === '..' || trimmed === '' ? 'file' : trimmed;
  // at most 255 UTF-16 units (the column's limit), never splitting a character
  let out = '';
  for (const ch of name) {
    if (out.length + ch.length > MAX_NAME) break;
    out += ch;
  }
  return out;
}

/** `.png` from `photo.png`; '' when the extension is missing or not 1-16 letters and digits. */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,16})$/.exec(name);
  return m && m.index > 0 ? `.${m[1]}` : '';
}

/** `name` without `ext` when it ends with it: baseName('photo.png', '.png') -> 'photo'. */
export function baseName(name: string, ext: string): string {
  return ext && name.toLowerCase().endsWith(ext.toLowerCase()) && name.length > ext.length ? name.slice(0, -ext.length) : name;
}

/** Letters and digits of `base` (accents dropped), runs of anything else as one `_`. */
export function slugOf(base: string): string {
  const slug = base
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/_+$/, '');
  return slug || 'file';
}

/** Strapi's `hash`: slug of the base name + `_` + 10 random hex digits. */
export function fileHash(base: string): string {
  return `${slugOf(base)}_${randomBytes(5).toString('hex')}`;
}
