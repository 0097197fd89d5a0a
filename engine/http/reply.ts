/**
 * engine/http: the one reply writer. Every answer of every route (JSON bodies, error envelopes,
 * GraphQL results, pages and assets, contracts, uploaded files) leaves through `writeReply`: one
 * writeHead with the status and headers, then the body, none for HEAD. In contract-checking mode a
 * JSON answer of a REST operation is checked against the OpenAPI document first.
 */
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { ResponseValidator } from './response-validator.js';
import type { Reply } from './route.js';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export class ReplyWriter {
  constructor(private readonly responses?: ResponseValidator) {}

  /** `operationId`: the REST operation answered (contract-checking mode checks the JSON against it) */
  async write(res: ServerResponse, method: string, reply: Reply, operationId?: string): Promise<void> {
    let status = reply.status;
    const head: Record<string, string | number> = {};
    let payload: string | Buffer | undefined;
    if (reply.json !== undefined || reply.jsonText !== undefined) {
      let text = reply.jsonText ?? JSON.stringify(reply.json);
      if (this.responses && operationId) ({ status, payload: text } = this.responses.verify(operationId, status, text));
      payload = text;
      head['Content-Type'] = JSON_CONTENT_TYPE;
    } else payload = reply.payload;
    if (reply.headers) Object.assign(head, reply.headers);
    if (reply.file) {
      const { path, start, end } = reply.file;
      head['Content-Length'] = end >= start ? end - start + 1 : 0;
      res.writeHead(status, head);
      if (method === 'HEAD' || end < start) {
        res.end();
        return;
      }
      await pipeline(createReadStream(path, { start, end }), res).catch((err: NodeJS.ErrnoException) => {
        // the client went away mid-body: nothing to answer
        if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
      });
      return;
    }
    if (payload !== undefined || status !== 204) head['Content-Length'] = payload === undefined ? 0 : Buffer.byteLength(payload);
    res.writeHead(status, head);
    res.end(method === 'HEAD' ? undefined : payload);
  }
}
