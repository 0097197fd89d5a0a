/**
 * engine/http: the browser pages quire serves itself (GraphQL playground, API reference) read their
 * scripts and styles from npm packages in node_modules, so they work offline with no CDN. This holds
 * one page's asset list, reads each file once and keeps it; names not listed are never served.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export interface PageAsset {
  readonly body: Buffer;
  readonly type: string;
}

/** Content-Security-Policy of these pages: everything from this server, nothing inline but styles. */
export const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'self'";

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** asset name -> [package, file inside it, content type] */
export type AssetList = Readonly<Record<string, readonly [string, string, string]>>;

export class PageAssets {
  private readonly cache = new Map<string, PageAsset>();

  /** `initScript` is served as `init.js`, so the page needs no inline script */
  constructor(private readonly assets: AssetList, private readonly initScript: string) {}

  /** `swagger-ui.css` -> the file; undefined for names not in the list (never a path from the request) */
  get(name: string): PageAsset | undefined {
    const cached = this.cache.get(name);
    if (cached) return cached;
    let asset: PageAsset;
    if (name === 'init.js') asset = { body: Buffer.from(this.initScript), type: 'text/javascript; charset=utf-8' };
    else {
      const entry = Object.hasOwn(this.assets, name) ? this.assets[name] : undefined;
      if (!entry) return undefined;
      const [pkg, file, type] = entry;
      asset = { body: readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file)), type };
    }
    this.cache.set(name, asset);
    return asset;
  }
}
