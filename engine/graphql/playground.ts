/**
 * engine/graphql: the interactive GraphQL IDE (GraphiQL 3) served at the endpoint to browsers, with its
 * assets (GraphiQL's UMD bundle and stylesheet, React 18 UMD) read from node_modules and served by
 * quire itself under `<endpoint>/playground/`, so it works offline and needs no CDN. Takes the endpoint
 * path; returns the page and the assets. Enabled outside production, or with playgroundAlways.
 */
import { escapeHtml, PageAssets, type AssetList, type PageAsset } from '../http/page-assets.js';

const ASSETS: AssetList = {
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


export class Playground {
  private readonly assets = new PageAssets(ASSETS, INIT_SCRIPT);

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
  asset(name: string): PageAsset | undefined {
    return this.assets.get(name);
  }
}
