/**
 * engine/http: CORS. Default: any origin, never with credentials (`*`). With an explicit list,
 * only listed origins are echoed back (with credentials allowed); others get no CORS headers.
 * A preflight (OPTIONS with Access-Control-Request-Method) is answered here with 204.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOW_METHODS = 'GET,HEAD,PUT,POST,DELETE,OPTIONS';
const ALLOW_HEADERS = 'Content-Type,Authorization,Accept,Origin';

/** Returns true when the request was a preflight and has been answered. */
export function applyCors(req: IncomingMessage, res: ServerResponse, origins: '*' | string[]): boolean {
  const origin = req.headers.origin;
  if (origins === '*') res.setHeader('Access-Control-Allow-Origin', '*');
  else {
    res.setHeader('Vary', 'Origin');
    if (origin && origins.includes(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
    }
  }
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
    res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS);
    res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
    res.setHeader('Access-Control-Max-Age', '86400');
    res.statusCode = 204;
    res.end();
    return true;
  }
  return false;
}
