/**
 * engine/http: the routing table, built once at boot: every route of every door, its handler
 * already bound (REST operations come from the OpenAPI document's paths, their `x-quire` naming the
 * content-type and action). Matching walks path segments, static before parameter before wildcard,
 * so a request costs a few map lookups instead of a scan of every route.
 */
import type { Route } from './route.js';

interface Node {
  static: Map<string, Node>;
  param?: { name: string; node: Node };
  /** `/uploads/*`: the rest of the path, one segment or more */
  wildcard?: Map<string, Route>;
  routes: Map<string, Route>;
}

export interface RouteMatch {
  /** undefined when the path exists but not for this method */
  route?: Route;
  params: Record<string, string>;
  /** the methods the path answers (the `Allow` header of a 405) */
  allowed: string[];
  /** the path as it was added (`/api/articles/{id}`): the route label of metrics */
  pattern: string;
}

const newNode = (): Node => ({ static: new Map(), routes: new Map() });

export class RouteTable {
  private root = newNode();
  /** each node's route map -> the path it was added under */
  private readonly patterns = new WeakMap<Map<string, Route>, string>();

  /**
   * `add('GET', '/api/articles/{id}', route)`; a last segment `*` matches any rest of the path
   * (`/uploads/*` matches `/uploads/a.png`). A route added twice for one method and path replaces the first.
   */
  add(method: string, path: string, route: Route): void {
    let node = this.root;
    const segs = path.split('/').filter(Boolean);
    for (const [i, seg] of segs.entries()) {
      if (seg === '*' && i === segs.length - 1) {
        node.wildcard ??= new Map();
        node.wildcard.set(method, route);
        this.patterns.set(node.wildcard, path);
        return;
      }
      const param = /^\{(.+)\}$/.exec(seg);
      if (param) {
        node.param ??= { name: param[1], node: newNode() };
        node = node.param.node;
      } else {
        let next = node.static.get(seg);
        if (!next) node.static.set(seg, (next = newNode()));
        node = next;
      }
    }
    node.routes.set(method, route);
    this.patterns.set(node.routes, path);
  }

  /** Match a path (no query string). A single trailing slash is ignored; matching is case-sensitive. */
  match(method: string, pathname: string): RouteMatch | undefined {
    const segs = pathname.split('/');
    if (segs[0] !== '') return undefined;
    segs.shift();
    if (segs.length > 1 && segs[segs.length - 1] === '') segs.pop();
    const params: Record<string, string> = {};
    const found = this.walk(this.root, segs, 0, params);
    if (!found) return undefined;
    const m = method === 'HEAD' ? 'GET' : method;
    const allowed = [...found.keys()];
    if (found.has('GET')) allowed.splice(allowed.indexOf('GET') + 1, 0, 'HEAD');
    return { route: found.get(m), params, allowed, pattern: this.patterns.get(found) ?? pathname };
  }

  private walk(node: Node, segs: string[], i: number, params: Record<string, string>): Map<string, Route> | undefined {
    if (i === segs.length) return node.routes.size ? node.routes : undefined;
    const seg = segs[i];
    if (seg === '') return undefined;
    const s = node.static.get(seg);
    if (s) {
      const r = this.walk(s, segs, i + 1, params);
      if (r) return r;
    }
    if (node.param) {
      let value: string;
      try {
        value = decodeURIComponent(seg);
      } catch {
        value = '';
      }
      if (value !== '') {
        const r = this.walk(node.param.node, segs, i + 1, params);
        if (r) {
          params[node.param.name] = value;
          return r;
        }
      }
    }
    if (node.wildcard) {
      params['*'] = segs.slice(i).join('/');
      return node.wildcard;
    }
    return undefined;
  }
}
