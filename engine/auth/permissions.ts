/**
 * engine/auth: who may do what. Roles take their permissions from the artifacts' model at every
 * start; API tokens carry their own scope. Built once at boot into sets, so a check is a lookup.
 *   can({ kind: 'public' }, 'api::article.article', 'find') -> true when permissions.json says so
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { ApiTokenRecord } from '../repository/types.js';

export type Principal =
  | { kind: 'public' }
  | { kind: 'api-token'; token: ApiTokenRecord }
  | { kind: 'user'; userId: number; role: string };

const READ_ACTIONS = new Set(['find', 'findOne', 'count', 'me']);

export class Permissions {
  private roles = new Map<string, Set<string>>();

  constructor(model: NormalizedModel) {
    for (const [role, list] of Object.entries(model.config.permissions)) this.roles.set(role, new Set(list));
  }

  roleAllows(role: string, permission: string): boolean {
    return this.roles.get(role)?.has(permission) ?? false;
  }

  /** `uid` + `action` -> may the principal do it? (`api::article.article`, `find`) */
  can(principal: Principal, uid: string, action: string): boolean {
    const permission = `${uid}.${action}`;
    switch (principal.kind) {
      case 'public':
        return this.roleAllows('public', permission);
      case 'user':
        return this.roleAllows(principal.role, permission);
      case 'api-token': {
        const t = principal.token;
        if (t.type === 'full-access') return true;
        if (t.type === 'read-only') return READ_ACTIONS.has(action);
        return t.permissions.includes(permission);
      }
    }
  }
}
