/**
 * engine: the error server.ts throws when it cannot bind its port, kept apart from the server so the
 * command line can recognise it without loading the whole engine.
 */
export class ListenError extends Error {
  constructor(readonly code: string, readonly host: string, readonly port: number) {
    super(code === 'EADDRINUSE' ? `port ${port} on ${host} is already in use (set PORT, or stop the process using it)` : `cannot listen on ${host}:${port} (${code})`);
  }
}
