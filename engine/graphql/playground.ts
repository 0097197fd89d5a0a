/**
 * engine/graphql: the interactive GraphQL IDE (GraphiQL 3) served at the endpoint to browsers, with its
 * assets (GraphiQL's UMD bundle and stylesheet, React 18 UMD) read from node_modules and served by
 * quire itself under `<endpoint>/playground/`, so it works offline and needs no CDN. Takes the endpoint
 * path; returns the page and the assets. Enabled outside production, or with playgroundAlways.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** asset name -> [package, file inside it, content type] */
const ASSETS: Readonly<Record<string, readonly [string, string, string]>> = {
  'graphiql.min.css': ['graphiql', 'graphiql.min.css', 'text/css; charset=utf-8'],
  'graphiql.min.js': ['graphiql', 'graphiql.min.js', 'text/javascript; charset=utf-8'],
  'react.production.min.js': ['react', 'umd/react.production.min.js', 'text/javascript; charset=utf-8'],
  'react-dom.production.min.js': ['react-dom', 'umd/react-dom.production.min.js', 'text/javascript; charset=utf-8'],
};

/** Renders GraphiQL into #graphiql; `?query=` pre-fills the editor. Served as a file so the page needs no inline script. */
const INIT_SCRIPT = `(function () {
  var root = document.getElementById('graphiql');
  var params = new URLSearchParams(window.location.search);
  var fetcher = GraphiQL.createFetcher({ url: root.getAttribute('data-endpoint') });
  var props = { fetcher: fetcher, defaultEditorToolsVisibility: true, shouldPersistHeaders: false };
  if (params.get('query')) props.query = params.get('query');
  ReactDOM.createRoot(root).render(React.createElement(GraphiQL, props));
})();
`;

export interface PlaygroundAsset {
  readonly body: Buffer;
  readonly type: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Content-Security-Policy of the page: everything from this server, nothing inline but styles. */
export const PLAYGROUND_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'self'";

export class Playground {
  private readonly cache = new Map<string, PlaygroundAsset>();

  constructor(private readonly endpoint: string) {}

  /** `/graphql` -> `/graphql/playground/` */
  get assetPrefix(): string {
    return `${this.endpoint}/playground/`;
  }

  page(): string {
    const a = (name: string) => escapeHtml(this.assetPrefix + name);
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphQL playground</title>
<link rel="stylesheet" href="${a('graphiql.min.css')}">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql" data-endpoint="${escapeHtml(this.endpoint)}">Loading the GraphQL playground…</div>
<script src="${a('react.production.min.js')}"></script>
<script src="${a('react-dom.production.min.js')}"></script>
<script src="${a('graphiql.min.js')}"></script>
<script src="${a('init.js')}"></script>
</body>
</html>
`;
  }

  /** An asset by name, or undefined for names not in the list (never a path from the request). */
  asset(name: string): PlaygroundAsset | undefined {
    const cached = this.cache.get(name);
    if (cached) return cached;
    let asset: PlaygroundAsset;
    if (name === 'init.js') asset = { body: Buffer.from(INIT_SCRIPT), type: 'text/javascript; charset=utf-8' };
    else {
      const entry = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
      if (!entry) return undefined;
      const [pkg, file, type] = entry;
      asset = { body: readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file)), type };
    }
    this.cache.set(name, asset);
    return asset;
  }
}
