/**
 * engine/http: the contract check of REST request bodies, run only with QUIRE_VALIDATE_RESPONSES=1.
 * Clients never see its verdict: the planner is the one validator of write bodies and answers with
 * the catalog's messages (engine/errors/validation-catalog.ts). Here openapi-backend's request validator
 * (Ajv, compiled per operation on first use) checks each body against the published OpenAPI document,
 * and a body the planner accepts although the contract refuses it is logged as a drift
 * (see engine/contracts/README.md).
 */
import addFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import type { BaseLogger as Logger } from 'pino';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { OpenApiDocument } from '../artifacts/load-artifacts.js';
import { planCreate, planUpdate } from '../plan/index.js';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** at most this many of Ajv's errors go into a drift's log line */
const LOGGED_PROBLEMS = 10;

export class BodyValidator {
  private backend?: Promise<OpenAPIBackend>;
  private byOperationId?: Map<string, { uid: string; action: string }>;
  /** compiled on an operation's first body: Ajv compiles slowly and most specs have many types */
  private readonly validators = new Map<string, Validate | null>();

  private constructor(private readonly doc: OpenApiDocument) {}

  /** Nothing is compiled until a body is checked, so a server not checking contracts pays nothing. */
  static async create(doc: OpenApiDocument): Promise<BodyValidator> {
    return new BodyValidator(doc);
  }

  private api(): Promise<OpenAPIBackend> {
    this.backend ??= (async () => {
      const api = new OpenAPIBackend({
        definition: structuredClone(this.doc) as never,
        strict: false,
        quick: true,
        validate: true,
        ajvOpts: { allErrors: true, strict: false },
        coerceTypes: false,
        // date and email as the contract means them; date-time and time are strings the planner reads
        // (it takes the offset-free forms Strapi takes)
        customizeAjv: (ajv) => {
          (addFormats as unknown as (a: unknown, f: string[]) => void)(ajv, ['date', 'email']);
          ajv.addFormat('date-time', true);
          ajv.addFormat('time', true);
          return ajv;
        },
      });
      await api.init();
      return api;
    })();
    return this.backend;
  }

  private async validatorOf(operationId: string): Promise<Validate | null> {
    let check = this.validators.get(operationId);
    if (check === undefined) {
      const api = await this.api();
      const op = api.router.getOperation(operationId) as { requestBody?: unknown } | undefined;
      const [bodyValidator] = op?.requestBody ? (api.validator.getRequestValidatorsForOperation(operationId) ?? []) : [];
      check = (bodyValidator as unknown as Validate | undefined) ?? null;
      this.validators.set(operationId, check);
    }
    return check;
  }

  /**
   * What the contract says is wrong with `body` for this operation: [] when it matches (or the operation
   * takes no body), else Ajv's findings as `"/data/title must NOT have fewer than 3 characters"`.
   */
  async problems(operationId: string, body: unknown): Promise<string[]> {
    if (body === undefined) return [];
    const check = await this.validatorOf(operationId);
    if (!check || check({ requestBody: body })) return [];
    return (check.errors ?? []).map((e) => `${e.instancePath.replace(/^\/requestBody/, '') || '/'} ${e.message ?? e.keyword}`);
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
