/**
 * bench/ceiling: the ceiling `make bench` compares quire with: a minimal node:http server answering
 * the workloads of workloads.ts with hand-written SQL (ceiling-answers.ts) through the same drivers,
 * serializing the same JSON. Routes by exact path; no logging. Its own process (started by
 * processes.ts): DATABASE_URL, PORT. `GET /_quire/stats` answers its statement and request counts.
 * CEILING=one-statement (PostgreSQL): each workload answered by one statement whose text is the body
 * (ceiling-one-statement.ts), written to the socket as the driver hands it over.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { articleById, articlesByAuthor, createArticle, graphqlArticles, listArticles } from './ceiling-answers.js';
import { openCeilingDb } from './ceiling-db.js';
import { byAuthorText, createText, graphqlText, listText, oneText } from './ceiling-one-statement.js';

const db = openCeilingDb(process.env.DATABASE_URL as string);
const ONE_STATEMENT = process.env.CEILING === 'one-statement';
if (ONE_STATEMENT && db.dialect !== 'postgres') throw new Error('CEILING=one-statement: PostgreSQL only');
let requests = 0;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** a body the database wrote, as it is */
function sendText(res: ServerResponse, text: string | undefined): void {
  if (text === undefined) return send(res, 404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const c of req as AsyncIterable<Buffer>) chunks.push(c);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const ONE = /^\/api\/articles\/(\d+)$/;
const PAGE_SIZE = /^(populate=\*&)?pagination\[pageSize\]=(\d+)$/;
const BY_AUTHOR = /^filters\[author\]\[name\]\[\$eq\]=([^&]*)&populate\[author\]\[populate\]\[profile\]=true&populate\[tags\]=true$/;

/** CEILING=one-statement */
async function routeOne(req: IncomingMessage, res: ServerResponse, path: string, search: string): Promise<boolean> {
  if (req.method === 'GET') {
    if (path === '/api/articles') {
      if (search === '' || search === 'populate=*') return (sendText(res, await listText(db, 25, search !== '')), true);
      let m = PAGE_SIZE.exec(search);
      if (m) return (sendText(res, await listText(db, Number(m[2]), m[1] !== undefined)), true);
      m = BY_AUTHOR.exec(search);
      if (m) return (sendText(res, await byAuthorText(db, m[1])), true);
    }
    const m = ONE.exec(path);
    if (m) return (sendText(res, await oneText(db, Number(m[1]))), true);
  }
  if (req.method === 'POST' && path === '/api/articles') return (sendText(res, await createText(db, (await readJson(req)).data)), true);
  if (req.method === 'POST' && path === '/graphql') {
    await readJson(req);
    return (sendText(res, await graphqlText(db)), true);
  }
  return false;
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const search = q < 0 ? '' : decodeURIComponent(url.slice(q + 1));
  if (ONE_STATEMENT && (await routeOne(req, res, path, search))) return;
  if (req.method === 'GET') {
    if (path === '/api/articles') {
      if (search === '') return send(res, 200, await listArticles(db, 25, false));
      if (search === 'populate=*') return send(res, 200, await listArticles(db, 25, true));
      let m = PAGE_SIZE.exec(search);
      if (m) return send(res, 200, await listArticles(db, Number(m[2]), m[1] !== undefined));
      m = BY_AUTHOR.exec(search);
      if (m) return send(res, 200, await articlesByAuthor(db, m[1]));
    }
    const m = ONE.exec(path);
    if (m) {
      const body = await articleById(db, Number(m[1]));
      return body ? send(res, 200, body) : send(res, 404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    }
  }
  if (req.method === 'POST' && path === '/api/articles') {
    const body = await readJson(req);
    return send(res, 200, await createArticle(db, body.data));
  }
  if (req.method === 'POST' && path === '/graphql') {
    await readJson(req);
    return send(res, 200, await graphqlArticles(db));
  }
  send(res, 404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
}

const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
  if (req.url === '/_health') {
    res.statusCode = 204;
    res.end();
    return;
  }
  if (req.url === '/_quire/stats') {
    const cpu = process.cpuUsage();
    return send(res, 200, { statements: db.statements(), requests, cpuMicros: cpu.user + cpu.system });
  }
  requests++;
  route(req, res).catch((err: Error) => {
    process.stderr.write(`ceiling: ${req.method} ${req.url}: ${err.stack}\n`);
    if (!res.headersSent) send(res, 500, { error: err.message });
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close(() => void db.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
