/**
 * engine/http: request bodies are checked against the published OpenAPI document with
 * openapi-backend (validators compiled once at boot), and Ajv's errors become Strapi's 400
 * ValidationError with `details.errors[{path, message, name}]` in yup's wording.
 */
import addFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import type { OpenApiDocument } from '../boot/load-artifacts.js';
import { ValidationError, type ValidationIssue } from '../errors/index.js';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

export class BodyValidator {
  /** compiled on an operation's first body, not at start: Ajv compiles slowly and most specs have many types */
  private readonly validators = new Map<string, Validate | null>();

  private constructor(private readonly api: OpenAPIBackend) {}

  static async create(doc: OpenApiDocument): Promise<BodyValidator> {
    const api = new OpenAPIBackend({
      definition: structuredClone(doc) as never,
      strict: false,
      quick: true,
      validate: true,
      ajvOpts: { allErrors: true, strict: false },
      coerceTypes: false,
      // date and email are checked here; date-time and time are checked by the planner, which
      // accepts the offsets-free forms Strapi accepts
      customizeAjv: (ajv) => {
        (addFormats as unknown as (a: unknown, f: string[]) => void)(ajv, ['date', 'email']);
        ajv.addFormat('date-time', true);
        ajv.addFormat('time', true);
        return ajv;
      },
    });
    await api.init();
    return new BodyValidator(api);
  }

  private validatorOf(operationId: string): Validate | null {
    let check = this.validators.get(operationId);
    if (check === undefined) {
      const op = this.api.router.getOperation(operationId) as { requestBody?: unknown } | undefined;
      const [bodyValidator] = op?.requestBody ? (this.api.validator.getRequestValidatorsForOperation(operationId) ?? []) : [];
      check = (bodyValidator as unknown as Validate | undefined) ?? null;
      this.validators.set(operationId, check);
    }
    return check;
  }

  /** Throws ValidationError when the body does not match the operation's request schema. */
  validate(operationId: string, body: unknown, _params: Record<string, string>): void {
    if (body === undefined) return;
    const check = this.validatorOf(operationId);
    if (!check) return;
    if (check({ requestBody: body })) return;
    throw ValidationError.of(toIssues(check.errors ?? []));
  }
}

/** Ajv errors -> one issue per offending value, with yup-like messages and the path inside `data`. */
export function toIssues(errors: AjvError[]): ValidationIssue[] {
  // a oneOf/anyOf failure reports every branch; keep one issue for the value itself
  const unions = new Set(errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.instancePath));
  const insideUnion = (p: string) => [...unions].some((u) => p !== u && (p.startsWith(u + '/') || p === u));
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'if' || e.keyword === 'discriminator') continue;
    if (e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && (insideUnion(e.instancePath) || unions.has(e.instancePath))) continue;
    let path = e.instancePath.split('/').slice(1).map(unescape);
    if (path[0] === 'requestBody') path = path.slice(1);
    if (path[0] === 'data') path = path.slice(1);
    if (e.keyword === 'required') {
      const missing = String(e.params.missingProperty);
      if (path.length === 0 && missing === 'data' && e.instancePath.endsWith('requestBody')) {
        issues.push({ path: [], message: 'Missing "data" payload in the request body', name: 'ValidationError' });
        continue;
      }
      path = [...path, missing];
    }
    const key = path.join('.') + ':' + e.keyword;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path: path.map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: message(path.join('.') || 'body', e), name: 'ValidationError' });
  }
  return issues.length ? issues : [{ path: [], message: 'Invalid request body', name: 'ValidationError' }];
}

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

function message(field: string, e: AjvError): string {
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return `${field} must be defined.`;
    case 'maxLength':
      return `${field} must be at most ${String(p.limit)} characters`;
    case 'minLength':
      return `${field} must be at least ${String(p.limit)} characters`;
    case 'maximum':
      return `${field} must be less than or equal to ${String(p.limit)}`;
    case 'minimum':
      return `${field} must be greater than or equal to ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `${field} must be less than ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `${field} must be greater than ${String(p.limit)}`;
    case 'maxItems':
      return `${field} field must have less than or equal to ${String(p.limit)} items`;
    case 'minItems':
      return `${field} field must have at least ${String(p.limit)} items`;
    case 'enum':
      return `${field} must be one of the following values: ${((p.allowedValues as unknown[]) ?? []).join(', ')}`;
    case 'pattern':
      return `${field} must match the following: "/${String(p.pattern)}/"`;
    case 'format':
      return p.format === 'email' ? `${field} must be a valid email` : `${field} must be a valid ${String(p.format)}`;
    case 'type':
      return `${field} must be a \`${String(p.type)}\` type`;
    case 'additionalProperties':
      return `${field} has an unknown key "${String(p.additionalProperty)}"`;
    case 'oneOf':
    case 'anyOf':
      return `${field} has an invalid value`;
    default:
      return `${field} ${e.message ?? 'is invalid'}`;
  }
}
