/**
 * engine/http: the routing table, built once at boot from the OpenAPI document's paths (operationId
 * -> {uid, action} from each operation's `x-quire`). Matching walks path segments, static before
 * parameter, so a request costs a few map lookups instead of a scan of every operation.
 */
import type { OpenApiDocument } from '../boot/load-artifacts.js';

export interface RouteOperation {
  operationId: string;
  method: string;
  path: string;
  uid: string;
  action: string;
}

interface Node {
  static: Map<string, Node>;
  param?: { name: string; node: Node };
  ops: Map<string, RouteOperation>;
}

export interface RouteMatch {
  /** undefined when the path exists but not for this method */
  operation?: RouteOperation;
  params: Record<string, string>;
  allowed: string[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
const newNode = (): Node => ({ static: new Map(), ops: new Map() });

export class RouteTable {
  private root = newNode();
  readonly byOperationId = new Map<string, RouteOperation>();

  constructor(doc: OpenApiDocument) {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item)) {
        if (!METHODS.has(method) || !op || typeof op !== 'object' || !op.operationId) continue;
        const xq = op['x-quire'];
        const route: RouteOperation = { operationId: op.operationId, method: method.toUpperCase(), path, uid: xq?.uid ?? '', action: xq?.action ?? '' };
        this.add(path, route);
        this.byOperationId.set(route.operationId, route);
      }
    }
  }

  private add(path: string, route: RouteOperation) {
    let node = this.root;
    for (const seg of path.split('/').filter(Boolean)) {
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
    node.ops.set(route.method, route);
  }

  /** Match a path (no query string). A single trailing slash is ignored; matching is case-sensitive. */
  match(method: string, pathname: string): RouteMatch | undefined {
    const segs = pathname.split('/');
    if (segs[0] !== '') return undefined;
    segs.shift();
    if (segs.length > 1 && segs[segs.length - 1] === '') segs.pop();
    const params: Record<string, string> = {};
    const found = this.walk(this.root, segs, 0, params);
    if (!found || found.ops.size === 0) return undefined;
    const m = method === 'HEAD' ? 'GET' : method;
    return { operation: found.ops.get(m), params, allowed: [...found.ops.keys()] };
  }

  private walk(node: Node, segs: string[], i: number, params: Record<string, string>): Node | undefined {
    if (i === segs.length) return node;
    const seg = segs[i];
    if (seg === '') return undefined;
    const s = node.static.get(seg);
    if (s) {
      const r = this.walk(s, segs, i + 1, params);
      if (r && r.ops.size) return r;
    }
    if (node.param) {
      let value: string;
      try {
        value = decodeURIComponent(seg);
      } catch {
        return undefined;
      }
      const r = this.walk(node.param.node, segs, i + 1, params);
      if (r && r.ops.size) {
        params[node.param.name] = value;
        return r;
      }
    }
    return undefined;
  }
}
