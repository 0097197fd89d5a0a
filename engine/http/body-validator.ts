/**
 * engine/http: the contract check of REST request bodies, run only with QUIRE_VALIDATE_RESPONSES=1.
 * Clients never see its verdict: the planner is the one validator of write bodies and answers with
 * the catalog's messages (engine/errors/validation-catalog.ts). Here Ajv checks each body against the
 * operation's request-body schema in the published OpenAPI document (compiled per operation on first
 * use, `$ref`s resolved in the document, as engine/contracts/response-validator.ts compiles answers),
 * and a body the planner accepts although the contract refuses it is logged as a drift
 * (see engine/contracts/README.md).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { BaseLogger as Logger } from 'pino';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { OpenApiDocument } from '../artifacts/load-artifacts.js';
import { planCreate, planUpdate } from '../plan/index.js';

/** at most this many of Ajv's errors go into a drift's log line */
const LOGGED_PROBLEMS = 10;

const DOC_ID = 'quire-openapi-bodies.json';
/** the media types whose schema a body is checked against, first present wins */
const BODY_TYPES = ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
/** a signed integer of `bits` bits */
const inBits = (bits: number) => (n: number) => n >= -(2 ** (bits - 1)) && n < 2 ** (bits - 1);

/**
 * An Ajv for request bodies: every error (allErrors), OpenAPI's `nullable`, the OpenAPI formats
 * (int32 and int64 as ranges), `date` and `email` as the contract means them; `date-time` and `time`
 * are strings the planner reads (it takes the offset-free forms Strapi takes).
 */
function bodyAjv(doc: OpenApiDocument): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, addUsedSchema: false });
  ajv.addFormat('int32', { type: 'number', validate: inBits(32) });
  ajv.addFormat('int64', { type: 'number', validate: inBits(64) });
  for (const f of ['float', 'double']) ajv.addFormat(f, { type: 'number', validate: () => true });
  ajv.addFormat('byte', /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);
  for (const f of ['binary', 'password', 'date-time', 'time']) ajv.addFormat(f, true);
  (addFormats as unknown as (a: Ajv, f: string[]) => void)(ajv, ['date', 'email']);
  ajv.addSchema(doc as object, DOC_ID);
  return ajv;
}

export class BodyValidator {
  private ajv?: Ajv;
  private byOperationId?: Map<string, { uid: string; action: string }>;
  /** operationId -> JSON pointer of its operation object */
  private pointers?: Map<string, string>;
  /** compiled on an operation's first body: Ajv compiles slowly and most specs have many types */
  private readonly validators = new Map<string, ValidateFunction | null>();

  private constructor(private readonly doc: OpenApiDocument) {}

  /** Nothing is compiled until a body is checked, so a server not checking contracts pays nothing. */
  static async create(doc: OpenApiDocument): Promise<BodyValidator> {
    return new BodyValidator(doc);
  }

  private validatorOf(operationId: string): ValidateFunction | null {
    let check = this.validators.get(operationId);
    if (check === undefined) {
      const pointer = this.bodySchemaPointer(operationId);
      this.ajv ??= bodyAjv(this.doc);
      check = pointer === undefined ? null : this.ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      this.validators.set(operationId, check);
    }
    return check;
  }

  /** JSON pointer of the schema a body of the operation is checked against; undefined when it takes none */
  private bodySchemaPointer(operationId: string): string | undefined {
    if (!this.pointers) {
      this.pointers = new Map();
      for (const [path, item] of Object.entries(this.doc.paths))
        for (const [method, op] of Object.entries(item))
          if (isObject(op) && typeof op.operationId === 'string') this.pointers.set(op.operationId, `#/paths/${escapePointer(path)}/${method}`);
    }
    const op = this.pointers.get(operationId);
    if (op === undefined) return undefined;
    let pointer = `${op}/requestBody`;
    let body = this.resolve(pointer);
    if (isObject(body) && typeof body.$ref === 'string') {
      pointer = body.$ref;
      body = this.resolve(pointer);
    }
    const content = isObject(body) && isObject(body.content) ? body.content : undefined;
    const type = content && BODY_TYPES.find((t) => isObject(content[t]) && (content[t] as Record<string, unknown>).schema !== undefined);
    return type === undefined ? undefined : `${pointer}/content/${escapePointer(type)}/schema`;
  }

  private resolve(pointer: string): unknown {
    let node: unknown = this.doc;
    for (const part of pointer.slice(2).split('/')) node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return node;
  }

  /**
   * What the contract says is wrong with `body` for this operation: [] when it matches (or the operation
   * takes no body), else Ajv's findings as `"/data/title must NOT have fewer than 3 characters"`.
   */
  async problems(operationId: string, body: unknown): Promise<string[]> {
    if (body === undefined) return [];
    const check = this.validatorOf(operationId);
    if (!check || check(body)) return [];
    return (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
  }

  /**
   * Check `body` against the contract and log a drift: `warn` when the planner accepts a body the
   * contract refuses (the server would write what its contract says it refuses); `debug` when it refuses
   * one the contract accepts (expected where a schema cannot say it: ranges of columns, an id given twice).
   * Runs in the background; the request does not wait for it.
   */
  check(operationId: string, body: unknown, params: Record<string, string>, model: NormalizedModel, log: Logger): void {
    this.problems(operationId, body).then(
      (problems) => {
        const accepted = this.plannerAccepts(operationId, body, params, model);
        if (accepted === undefined) return;
        if (problems.length > 0 && accepted) {
          log.warn({ operationId, contract: problems.slice(0, LOGGED_PROBLEMS) }, 'request body accepted although the contract refuses it');
        } else if (problems.length === 0 && !accepted) {
          log.debug({ operationId }, 'request body refused although the contract accepts it');
        }
      },
      (err: unknown) => log.error({ err, operationId }, 'request body contract check failed'),
    );
  }

  /** whether the planner takes `body` for this create or update (undefined for other operations) */
  private plannerAccepts(operationId: string, body: unknown, params: Record<string, string>, model: NormalizedModel): boolean | undefined {
    const op = this.operations().get(operationId);
    if (!op || !model.contentTypes[op.uid]) return undefined;
    try {
      if (op.action === 'create') planCreate(model, op.uid, body, { now: new Date() });
      else if (op.action === 'update') planUpdate(model, op.uid, params.id, body, { now: new Date() });
      else return undefined;
      return true;
    } catch {
      return false;
    }
  }

  private operations(): Map<string, { uid: string; action: string }> {
    if (!this.byOperationId) {
      this.byOperationId = new Map();
      for (const item of Object.values(this.doc.paths)) {
        for (const op of Object.values(item)) if (op?.['x-quire'] && op.operationId) this.byOperationId.set(op.operationId, op['x-quire']);
      }
    }
    return this.byOperationId;
  }
}
