/**
 * compiler/load: the `env` helper Strapi passes to config files (`env('X', dflt)`, `env.int`, `env.bool`,
 * `env.float`, `env.json`, `env.array`), so a Strapi project's config/api.js and plugins.js load as they are.
 */

type Env = ((key: string, fallback?: unknown) => unknown) & Record<string, (key: string, fallback?: unknown) => unknown>;

export function strapiEnv(vars: NodeJS.ProcessEnv): Env {
  const has = (k: string) => Object.prototype.hasOwnProperty.call(vars, k) && vars[k] !== undefined;
  const env = ((key: string, fallback?: unknown) => (has(key) ? vars[key] : fallback)) as Env;
  env.int = (k, d) => (has(k) ? parseInt(vars[k] as string, 10) : d);
  env.float = (k, d) => (has(k) ? parseFloat(vars[k] as string) : d);
  env.bool = (k, d) => (has(k) ? vars[k] === 'true' : d);
  env.json = (k, d) => (has(k) ? JSON.parse(vars[k] as string) : d);
  env.array = (k, d) => {
    if (!has(k)) return d;
    let v = (vars[k] as string).trim();
    if (v.startsWith('[') && v.endsWith(']')) v = v.slice(1, -1);
    return v.split(',').map((s) => s.trim().replace(/^"(.*)"$/, '$1'));
  };
  env.date = (k, d) => (has(k) ? new Date(vars[k] as string) : d);
  return env;
}
