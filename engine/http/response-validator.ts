/**
 * engine/http: QUIRE_VALIDATE_RESPONSES mode, used by the reply writer (reply.ts). Every JSON answer
 * of a REST operation is checked against the schema the OpenAPI document gives for that operation and
 * status; a mismatch is logged and the answer becomes a 500 naming the drift, so any test that meets
 * it fails. Validators are compiled lazily, once per operation + status (Ajv over the whole document,
 * $refs resolved in it). Off by default: it parses every answer again.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { BaseLogger as Logger } from 'pino';
import type { OpenApiDocument } from '../artifacts/load-artifacts.js';

const DOC_ID = 'quire-openapi.json';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class ResponseValidator {
  private readonly ajv: Ajv;
  /** operationId -> JSON pointer of its `responses` */
  private readonly operations = new Map<string, string>();
  /** `operationId status` -> validator, or null when the status has no JSON schema (e.g. none documented) */
  private readonly compiled = new Map<string, ValidateFunction | string>();

  constructor(private readonly doc: OpenApiDocument, private readonly log: Logger) {
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        if (isObject(op) && typeof op.operationId === 'string') this.operations.set(op.operationId, `#/paths/${escapePointer(path)}/${method}/responses`);
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, addUsedSchema: false });
    (addFormats as unknown as (a: Ajv, f: string[]) => void)(this.ajv, ['date', 'date-time', 'email']);
    for (const f of ['int32', 'int64', 'float', 'double', 'password', 'binary', 'time']) this.ajv.addFormat(f, true);
    this.ajv.addSchema(doc as object, DOC_ID);
  }

  /**
   * The answer to send: `payload` unchanged when it matches the documented schema of operation
   * `operationId` and `status`, else a 500 error body naming the mismatch.
   */
  verify(operationId: string, status: number, payload: string): { status: number; payload: string } {
    if (payload === '') return { status, payload };
    const problems = this.problems(operationId, status, JSON.parse(payload));
    if (problems.length === 0) return { status, payload };
    this.log.error({ operationId, status, problems }, 'response does not match the documented schema');
    const error = { status: 500, name: 'InternalServerError', message: `The ${status} answer of ${operationId} does not match the documented schema (QUIRE_VALIDATE_RESPONSES)`, details: { operationId, status, errors: problems } };
    return { status: 500, payload: JSON.stringify({ data: null, error }) };
  }

  /** `article.find`, 200, body -> [] or `["/data/0/id must be integer", ...]` */
  problems(operationId: string, status: number, body: unknown): string[] {
    const check = this.validatorFor(operationId, status);
    if (typeof check === 'string') return [check];
    if (check(body)) return [];
    return (check.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${e.keyword === 'additionalProperties' ? `: ${String(e.params.additionalProperty)}` : ''}`);
  }

  private validatorFor(operationId: string, status: number): ValidateFunction | string {
    const key = `${operationId} ${status}`;
    let v = this.compiled.get(key);
    if (v === undefined) {
      v = this.compile(operationId, status);
      this.compiled.set(key, v);
    }
    return v;
  }

  /** a validator, or the reason there can be none */
  private compile(operationId: string, status: number): ValidateFunction | string {
    const base = this.operations.get(operationId);
    if (!base) return `operation ${operationId} is not in the OpenAPI document`;
    const responses = this.resolve(base) as Record<string, unknown> | undefined;
    const code = String(status);
    const key = [code, `${code[0]}XX`, 'default'].find((k) => responses && Object.hasOwn(responses, k));
    if (!key) return `status ${status} is not documented for ${operationId} (documented: ${Object.keys(responses ?? {}).join(', ')})`;
    let pointer = `${base}/${key}`;
    let response = this.resolve(pointer);
    if (isObject(response) && typeof response.$ref === 'string') {
      pointer = response.$ref;
      response = this.resolve(pointer);
    }
    const content = isObject(response) && isObject(response.content) ? response.content : undefined;
    if (!content || !isObject(content['application/json'])) return `status ${status} of ${operationId} is documented without a JSON body`;
    return this.ajv.compile({ $ref: `${DOC_ID}${pointer}/content/application~1json/schema` });
  }

  private resolve(pointer: string): unknown {
    let node: unknown = this.doc;
    for (const part of pointer.slice(2).split('/')) node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return node;
  }
}
