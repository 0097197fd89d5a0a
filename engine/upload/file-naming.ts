/**
 * engine/upload: names from clients -> what is stored. `name` keeps what the client called the file
 * (last path segment only, no control characters, at most 255 characters); the storage key is built
 * from a slug of it plus a random suffix (`hash`, Strapi's form), so it never carries a path, never
 * collides with another file's key and never depends on anything the client controls but letters.
 *   cleanFileName('../../etc/pa\u0000sswd.png') -> 'passwd.png'
 *   fileHash('My Doc')                           -> 'My_Doc_3f2a9c01de'
 */
import { randomBytes } from 'node:crypto';
import slugify from '@sindresorhus/slugify';

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

/**
 * Strapi's slug of a name: @sindresorhus/slugify 1.1.0 (the version Strapi 4.26.2's upload plugin
 * uses) with `_` between words and the case kept: letters transliterated (`ß` -> `ss`, `Ü` -> `Ue`),
 * `&` -> `and`, camel case split, runs of anything else as one `_`; at most 100 characters.
 *   slugOf('Café & Crème') -> 'Cafe_and_Creme'
 */
export function slugOf(base: string): string {
  const slug = slugify(base, { separator: '_', lowercase: false }).slice(0, MAX_SLUG).replace(/_+$/, '');
  return slug || 'file';
}

/** Strapi's `hash`: slug of the base name + `_` + 10 random hex digits. */
export function fileHash(base: string): string {
  return `${slugOf(base)}_${randomBytes(5).toString('hex')}`;
}
