/**
 * engine/contracts: the API reference page (Swagger UI 5, from the swagger-ui-dist package) at
 * /documentation, rendered in the browser from GET /openapi.json. Its assets are read from
 * node_modules and served by quire under /documentation/assets/, so it works offline with no CDN.
 * "Try it out" sends real requests; the Authorize dialog (or the token form shown when the contracts
 * are private) sets the bearer token they carry.
 */
import { escapeHtml, PageAssets, type AssetList, type PageAsset } from '../http/page-assets.js';

export const DOCUMENTATION_PATH = '/documentation';
const ASSET_PREFIX = `${DOCUMENTATION_PATH}/assets/`;

const ASSETS: AssetList = {
  'swagger-ui.css': ['swagger-ui-dist', 'swagger-ui.css', 'text/css; charset=utf-8'],
  'swagger-ui-bundle.js': ['swagger-ui-dist', 'swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  'favicon-32x32.png': ['swagger-ui-dist', 'favicon-32x32.png', 'image/png'],
};

/**
 * Loads the document (with the token kept in sessionStorage, when there is one), asks for a token
 * when the contracts are private, then renders Swagger UI with the bearer token pre-authorized.
 * Served as a file so the page needs no inline script.
 */
const INIT_SCRIPT = `(function () {
  var root = document.getElementById('swagger-ui');
  var form = document.getElementById('token-form');
  var specUrl = root.getAttribute('data-spec');
  var KEY = 'quire.documentation.token';
  function token() { try { return sessionStorage.getItem(KEY) || ''; } catch (e) { return ''; } }
  function bearerScheme(spec) {
    var schemes = (spec.components && spec.components.securitySchemes) || {};
    for (var name in schemes) if (schemes[name].type === 'http' && /^bearer$/i.test(schemes[name].scheme)) return name;
    return undefined;
  }
  function render(spec) {
    form.hidden = true;
    var ui = SwaggerUIBundle({
      spec: spec, dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, displayOperationId: true,
      filter: true, persistAuthorization: false, docExpansion: 'list', defaultModelsExpandDepth: 0
    });
    var scheme = bearerScheme(spec);
    if (scheme && token()) ui.preauthorizeApiKey(scheme, token());
    window.ui = ui;
  }
  function load() {
    var headers = { Accept: 'application/json' };
    if (token()) headers.Authorization = 'Bearer ' + token();
    fetch(specUrl, { headers: headers }).then(function (r) {
      if (r.status === 401 || r.status === 403) {
        form.hidden = false;
        document.getElementById('token-status').textContent = token() ? 'This token may not read the API description (' + r.status + ').' : '';
        return;
      }
      if (!r.ok) throw new Error('GET ' + specUrl + ' answered ' + r.status);
      return r.json().then(render);
    }).catch(function (e) { root.textContent = 'Could not load the API description: ' + e.message; });
  }
  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    try { sessionStorage.setItem(KEY, document.getElementById('token-input').value.trim()); } catch (e) { /* private mode */ }
    load();
  });
  load();
})();
`;


export class DocumentationPage {
  private readonly assets = new PageAssets(ASSETS, INIT_SCRIPT);

  constructor(private readonly specPath: string) {}

  matches(pathname: string): boolean {
    return pathname === DOCUMENTATION_PATH || pathname === `${DOCUMENTATION_PATH}/` || pathname.startsWith(ASSET_PREFIX);
  }

  page(): string {
    const a = (name: string) => escapeHtml(ASSET_PREFIX + name);
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="icon" type="image/png" href="${a('favicon-32x32.png')}">
<link rel="stylesheet" href="${a('swagger-ui.css')}">
<style>body { margin: 0; } #token-form { font-family: sans-serif; max-width: 40rem; margin: 2rem auto; } #token-form input { width: 100%; padding: .4rem; margin: .5rem 0; }</style>
</head>
<body>
<form id="token-form" hidden>
<p>The API description is private. Paste a full-access API token (or a JWT of a user whose role has the permission plugin::documentation.contracts.read):</p>
<input id="token-input" type="password" autocomplete="off" aria-label="Bearer token">
<button type="submit">Load the API reference</button>
<p id="token-status"></p>
</form>
<div id="swagger-ui" data-spec="${escapeHtml(this.specPath)}">Loading the API reference…</div>
<script src="${a('swagger-ui-bundle.js')}"></script>
<script src="${a('init.js')}"></script>
</body>
</html>
`;
  }

  /** `/documentation/assets/swagger-ui.css` -> the file; undefined for names not in the list (never a path from the request). */
  asset(pathname: string): PageAsset | undefined {
    return pathname.startsWith(ASSET_PREFIX) ? this.assets.get(pathname.slice(ASSET_PREFIX.length)) : undefined;
  }
}
