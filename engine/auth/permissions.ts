/**
 * engine/auth: who may do what. The roles of config/permissions.json take their permissions from the
 * artifacts' model at every start; roles made through the roles API (custom roles) are read from
 * up_roles / up_permissions (custom-roles.ts keeps them fresh), and so are all roles on a database
 * Strapi manages (its admin edits them); API tokens carry their own scope.
 * Held in memory as sets, so a check is a lookup.
 *   can({ kind: 'public' }, 'api::article.article', 'find') -> true when permissions.json says so
 */
import { createHash } from 'node:crypto';
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { ApiTokenRecord } from '../repository/types.js';

export type Principal =
  | { kind: 'public' }
  | { kind: 'api-token'; token: ApiTokenRecord }
  | { kind: 'user'; userId: number; role: string };

const READ_ACTIONS = new Set(['find', 'findOne', 'count', 'me']);

export class Permissions {
  private roles = new Map<string, Set<string>>();
  /** roles made through the roles API: type -> permissions, as last read from the database */
  private custom = new Map<string, Set<string>>();
  /** when `custom` was read (ms) */
  customReadAt = 0;
  /** the custom roles as last read, as text: a change of them moves `version` */
  private customText = '';
  /** moves whenever what a role may do changes (fingerprint) */
  private version = 0;
  /** the read of the roles in progress (custom-roles.ts refreshDatabaseRoles): concurrent requests share it */
  reading?: Promise<void>;

  /**
   * `fromDatabase`: a database Strapi manages, whose admin edits every role: config/permissions.json
   * is not read, every role comes from up_roles / up_permissions (custom-roles.ts refreshes them)
   */
  constructor(model: NormalizedModel, readonly fromDatabase = false) {
    if (fromDatabase) return;
    for (const [role, list] of Object.entries(model.config.permissions)) this.roles.set(role, new Set(list));
  }

  /** a role config/permissions.json defines (the roles API leaves it alone) */
  isConfigRole(type: string): boolean {
    return this.roles.has(type);
  }

  /** the custom roles as now stored (types of config roles are ignored) */
  setCustomRoles(roles: ReadonlyMap<string, readonly string[]>, readAt: number): void {
    this.custom = new Map([...roles].filter(([type]) => !this.roles.has(type)).map(([type, list]) => [type, new Set(list)]));
    this.customReadAt = readAt;
    const text = JSON.stringify([...this.custom].map(([type, list]) => [type, [...list].sort()]).sort());
    if (text !== this.customText) {
      this.customText = text;
      this.version++;
    }
  }

  /**
   * What the principal may do, as a value: equal for two principals whose permissions are equal, and
   * new once the roles change. What a plan reads depends on it (actions/prepared-reads.ts).
   *   fingerprint({ kind: 'public' }) -> 'role:public@0'
   */
  fingerprint(principal: Principal): string {
    switch (principal.kind) {
      case 'public':
        return `role:public@${this.version}`;
      case 'user':
        return `role:${principal.role}@${this.version}`;
      case 'api-token': {
        const t = principal.token;
        if (t.type !== 'custom') return `token:${t.type}`;
        return `token:custom:${createHash('sha1').update([...t.permissions].sort().join('\n')).digest('base64url')}`;
      }
    }
  }

  roleAllows(role: string, permission: string): boolean {
    return (this.roles.get(role) ?? this.custom.get(role))?.has(permission) ?? false;
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
