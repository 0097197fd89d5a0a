/**
 * test helpers: where the Strapi 4.26.2 reference kit is (setup.sh, start.sh and its config): the
 * STRAPI_REFERENCE variable, else `../shared/strapi-reference` beside the checkout, else
 * `/work/shared/strapi-reference` (a clone made elsewhere, e.g. a fresh clone under /tmp). Not found:
 * an error naming every place looked at, so a run that needs real Strapi fails loudly.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function strapiReferenceDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.STRAPI_REFERENCE, resolve(root, '..', 'shared', 'strapi-reference'), '/work/shared/strapi-reference'].filter((d): d is string => Boolean(d));
  const found = candidates.find((d) => existsSync(join(d, 'setup.sh')));
  if (!found) throw new Error(`the Strapi reference kit (setup.sh) is not in ${candidates.join(', ')}: set STRAPI_REFERENCE to its folder`);
  return found;
}
