/**
 * compiler/load: the `strapi.*` APIs a project file uses, found by parsing it (acorn; TypeScript is
 * stripped by esbuild first) and following each member chain that starts at an identifier `strapi`
 * (the global, or the `{ strapi }` every factory, middleware and hook receives). Chains whose names
 * are computed at run time are not followed; the engine's `strapi` object refuses those when called.
 */
import { parse, type Node } from 'acorn';
import { SourceMap } from 'node:module';
import { transformSync } from 'esbuild';
import { checkApiUse, type ApiStep } from '../model/strapi-api.js';
import type { UnsupportedApi } from '../model/project-code.js';

type AnyNode = Node & Record<string, unknown>;

/** the code acorn parses, and the line of the file a line of it comes from (TypeScript: through esbuild's source map) */
function source(text: string, typescript: boolean): { code: string; lineOf: (line: number, column: number) => number } {
  if (!typescript) return { code: text, lineOf: (line) => line };
  const out = transformSync(text, { loader: 'ts', format: 'esm', target: 'es2022', sourcemap: 'external' });
  const map = new SourceMap(JSON.parse(out.map) as ConstructorParameters<typeof SourceMap>[0]);
  return { code: out.code, lineOf: (line, column) => ((map.findEntry(line - 1, column) as { originalLine?: number }).originalLine ?? line - 1) + 1 };
}

function parseModule(code: string): AnyNode {
  const options = { ecmaVersion: 'latest' as const, locations: true, allowHashBang: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true };
  try {
    return parse(code, { ...options, sourceType: 'module' }) as unknown as AnyNode;
  } catch {
    return parse(code, { ...options, sourceType: 'script' }) as unknown as AnyNode;
  }
}

const isNode = (v: unknown): v is AnyNode => v !== null && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string';

function memberName(node: AnyNode): string | undefined {
  const property = node.property as AnyNode;
  if (!node.computed && property.type === 'Identifier') return property.name as string;
  if (node.computed && property.type === 'Literal' && typeof property.value === 'string') return property.value;
  return undefined;
}

/** The steps of the chain above `start` (an identifier `strapi`), climbing member accesses and calls. */
function chainAbove(start: AnyNode, parents: WeakMap<AnyNode, AnyNode>): ApiStep[] {
  const steps: { name: string; called: boolean; arg?: string }[] = [];
  let cur = start;
  for (;;) {
    const p = parents.get(cur);
    if (!p) break;
    if (p.type === 'MemberExpression' && p.object === cur) {
      const name = memberName(p);
      if (name === undefined) break;
      steps.push({ name, called: false });
    } else if (p.type === 'CallExpression' && p.callee === cur && steps.length > 0) {
      const last = steps[steps.length - 1];
      last.called = true;
      const first = (p.arguments as AnyNode[])[0];
      if (first && first.type === 'Literal' && typeof first.value === 'string') last.arg = first.value;
    } else if (p.type === 'ChainExpression') {
      // `strapi?.x`: the chain goes on through the optional-chaining wrapper
    } else break;
    cur = p;
  }
  return steps;
}

/**
 * Every use of an API quire does not provide in one file.
 *   scanApiUses('src/index.js', "module.exports = { bootstrap({ strapi }) { strapi.store({}) } }")
 *   -> [{ at: 'src/index.js:1', api: 'strapi.store' }]
 */
export function scanApiUses(file: string, text: string): UnsupportedApi[] {
  const { code, lineOf } = source(text, /\.[cm]?ts$/.test(file));
  const ast = parseModule(code);
  const parents = new WeakMap<AnyNode, AnyNode>();
  const found: UnsupportedApi[] = [];
  const seen = new Set<string>();
  const visit = (node: AnyNode) => {
    if (node.type === 'Identifier' && node.name === 'strapi') {
      const steps = chainAbove(node, parents);
      const api = checkApiUse(steps);
      const { line, column } = (node.loc as { start: { line: number; column: number } }).start;
      const at = `${file}:${lineOf(line, column)}`;
      if (api && !seen.has(`${at} ${api}`)) {
        seen.add(`${at} ${api}`);
        found.push({ at, api });
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc') continue;
      const children = Array.isArray(value) ? value : [value];
      for (const child of children) {
        if (!isNode(child)) continue;
        parents.set(child, node);
        visit(child);
      }
    }
  };
  visit(ast);
  return found;
}
