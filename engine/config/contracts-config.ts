/**
 * engine/config: the settings of the served contracts, from the environment, checked at start.
 *   CONTRACTS_PUBLIC=true|false       GET /openapi.json and /schema.graphql without credentials
 *                                     (default: true outside production, false in production)
 *   DOCUMENTATION_ENABLED=true|false  the API reference page at /documentation (same defaults)
 *   QUIRE_VALIDATE_RESPONSES=1        check every REST answer against its documented schema (tests)
 */
import { envFlag as flag } from './env-values.js';

export interface ContractsConfig {
  /** anyone may read the contracts; otherwise a full-access token or the permission CONTRACTS_PERMISSION */
  readonly public: boolean;
  readonly documentation: boolean;
  readonly validateResponses: boolean;
}

export function loadContractsConfig(env: NodeJS.ProcessEnv, production: boolean): ContractsConfig {
  return {
    public: flag('CONTRACTS_PUBLIC', env.CONTRACTS_PUBLIC, !production),
    documentation: flag('DOCUMENTATION_ENABLED', env.DOCUMENTATION_ENABLED, !production),
    validateResponses: flag('QUIRE_VALIDATE_RESPONSES', env.QUIRE_VALIDATE_RESPONSES, false),
  };
}
