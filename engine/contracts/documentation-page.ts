/**
 * engine/contracts: the API reference page (Swagger UI 5, from the swagger-ui-dist package) at
 * /documentation, rendered in the browser from GET /openapi.json. Its assets are read from
 * node_modules and served by quire under /documentation/assets/, so it works offline with no CDN.
 * "Try it out" sends real requests; the Authorize dialog (or the token form shown when the contracts
 * are private) sets the bearer token they carry. Its starting values are small and valid (pagination
 * page 1, a filter on id, path ids 1, bodies of scalar fields only), and objects go as qs brackets.
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
  // "Try it out" starts from small valid values: Swagger UI would otherwise fill every object
  // parameter and body from the whole schema (every filter operator of every field: a URL past the
  // 16 KB header limit; relation ids that do not exist)
  function deref(spec, schema) {
    var seen = 0;
    while (schema && schema.$ref && seen++ < 20) {
      // a local reference: '#/components/schemas/Article'
      var path = schema.$ref.slice(2).split('/');
      schema = spec;
      for (var i = 0; i < path.length; i++) schema = schema && schema[path[i].replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return schema || {};
  }
  function scalarExample(s) {
    if (s.example !== undefined) return s.example;
    if (s.default !== undefined) return s.default;
    if (s.enum && s.enum.length) return s.enum[0];
    if (s.type === 'boolean') return false;
    if (s.type === 'integer' || s.type === 'number') return s.minimum !== undefined ? s.minimum : (s.maximum !== undefined && s.maximum < 1 ? s.maximum : 1);
    if (s.type !== 'string') return undefined;
    var now = new Date().toISOString();
    if (s.format === 'email') return 'user@example.com';
    if (s.format === 'date') return now.slice(0, 10);
    if (s.format === 'date-time') return now;
    if (s.format === 'time') return '12:00:00.000';
    if (s.format === 'binary') return undefined;
    var text = 'example';
    if (s.minLength && s.minLength > text.length) text = new Array(s.minLength + 1).join('x');
    if (s.pattern && !new RegExp(s.pattern).test(text)) return undefined;
    return text;
  }
  // a body: the scalar fields (required ones always; optional strings without a pattern, numbers,
  // booleans), never relations, media or components, which would need ids that exist; \`data\` is entered
  function bodyExample(spec, schema, depth) {
    schema = deref(spec, schema);
    if (!schema.properties) return depth === 0 ? undefined : {};
    var out = {};
    var required = schema.required || [];
    for (var name in schema.properties) {
      if (name === 'id') continue;
      var p = deref(spec, schema.properties[name]);
      if (p.readOnly) continue;
      if (p.type === 'object' && p.properties && depth === 0) { out[name] = bodyExample(spec, p, depth + 1); continue; }
      if (p.type === 'object' || p.type === 'array' || p.anyOf || p.oneOf || p.allOf || !p.type) continue;
      // optional: no patterned strings (uids) and no integers (media ids take integers too)
      if (required.indexOf(name) < 0 && (p.pattern || p.type === 'integer')) continue;
      var v = scalarExample(p);
      if (v !== undefined) out[name] = v;
    }
    return out;
  }
  function queryExample(spec, p) {
    var schema = deref(spec, p.schema);
    if (p.name === 'pagination') return { page: 1, pageSize: 10 };
    if (p.name === 'filters') return schema.properties && schema.properties.id ? { id: { $gt: 0 } } : {};
    return undefined;
  }
  function withSmallExamples(spec) {
    var params = (spec.components && spec.components.parameters) || {};
    for (var key in params) if (params[key].in === 'path' && params[key].example === undefined && /^(integer|string)$/.test((deref(spec, params[key].schema)).type)) params[key].example = 1;
    for (var path in spec.paths || {}) {
      var item = spec.paths[path];
      for (var method in item) {
        var op = item[method];
        if (!op || typeof op !== 'object') continue;
        (op.parameters || []).forEach(function (ref) {
          var p = deref(spec, ref);
          if (p.in === 'path' && p.example === undefined && (deref(spec, p.schema)).type === 'integer') p.example = 1;
          if (p.in !== 'query' || p.example !== undefined || p.examples) return;
          var example = queryExample(spec, p);
          if (example !== undefined) p.example = example;
        });
        var json = op.requestBody && op.requestBody.content && op.requestBody.content['application/json'];
        if (json && json.example === undefined && !json.examples) {
          var body = bodyExample(spec, json.schema, 0);
          if (body !== undefined) json.example = body;
        }
      }
    }
    return spec;
  }
  // what Swagger UI sends as JSON text (a nested object of a deepObject parameter, an object typed
  // into a text field) goes as qs brackets, the only form Strapi reads: filters[title][$eq]=x
  function brackets(prefix, value, out) {
    if (value === null || typeof value !== 'object') { out.push([prefix, String(value)]); return; }
    var keys = Object.keys(value);
    for (var i = 0; i < keys.length; i++) brackets(prefix + '[' + keys[i] + ']', value[keys[i]], out);
  }
  function asBrackets(req) {
    var q = req.url.indexOf('?');
    if (q < 0) return req;
    var params = new URLSearchParams(req.url.slice(q + 1));
    var out = [];
    var changed = false;
    params.forEach(function (value, key) {
      var parsed;
      if (value.charAt(0) === '{' || value.charAt(0) === '[') { try { parsed = JSON.parse(value); } catch (e) { parsed = undefined; } }
      if (parsed !== null && typeof parsed === 'object') { changed = true; brackets(key, parsed, out); } else out.push([key, value]);
    });
    if (!changed) return req;
    var enc = function (s) { return encodeURIComponent(s).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%24/g, '$'); };
    req.url = req.url.slice(0, q + 1) + out.map(function (kv) { return enc(kv[0]) + '=' + enc(kv[1]); }).join('&');
    return req;
  }
  function render(spec) {
    form.hidden = true;
    var ui = SwaggerUIBundle({
      spec: withSmallExamples(spec), dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, displayOperationId: true,
      filter: true, persistAuthorization: false, docExpansion: 'list', defaultModelsExpandDepth: 0,
      requestInterceptor: asBrackets
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
