/**
 * engine/cli: the exit codes of every command, one per kind of failure a user can cause, so scripts
 * can tell them apart. `quire --help` lists them.
 */
export const EXIT = {
  OK: 0,
  /** `quire build`/`check`: the definitions have problems, or the artifacts are stale */
  FAILED: 1,
  /** unknown command or option, missing or bad argument */
  USAGE: 2,
  /** a bad environment variable or .env entry */
  CONFIG: 3,
  /** artifacts missing or unreadable, project code that does not load */
  ARTIFACTS: 4,
  /** database unreachable, or a schema change refused */
  DATABASE: 5,
  /** the port is in use or cannot be bound */
  LISTEN: 6,
  /** a name already taken, or no such token/admin */
  CONFLICT: 7,
  /** a bug: the stack is printed with QUIRE_DEBUG=1 */
  INTERNAL: 70,
} as const;

export const EXIT_CODES_HELP = `exit codes: 0 ok, 1 build failed or artifacts stale, 2 usage, 3 configuration, 4 artifacts,
  5 database, 6 port in use, 7 name taken or not found, 70 internal error`;
