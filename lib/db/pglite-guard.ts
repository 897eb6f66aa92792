import type { PGlite } from '@electric-sql/pglite';
import { DatabaseUnavailableError, failureSummary, isFatalToEmbedded } from './errors';

// Why this exists: when PGlite's PostgreSQL fails to write its WAL (a full, read-only or
// immutable disk), it reports a PANIC once. A real server would then restart; PGlite instead
// carries on with the WAL write lock still held, and the next commit loops for ever inside
// XLogFlush, synchronously, on the server's only thread (100% CPU, signals never handled).
// So after the first fatal error no message may reach that instance again.

export type EmbeddedFailure = { error: unknown; at: Date };

/**
 * Wraps the instance's protocol entry points: every query, transaction statement and close
 * passes `execProtocolRawSync`, inside PGlite's own queue, so a query that was already
 * waiting when the PANIC came is refused too. Returns the failure, once there is one.
 */
export function guardPglite(client: PGlite, onFatal: (failure: EmbeddedFailure) => void): () => EmbeddedFailure | null {
  let failure: EmbeddedFailure | null = null;
  const fail = (error: unknown) => {
    if (failure) return;
    failure = { error, at: new Date() };
    onFatal(failure);
  };

  const rawSync = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    if (failure) throw new DatabaseUnavailableError(failureSummary(failure.error));
    try {
      return rawSync(message);
    } catch (error) {
      // The WebAssembly instance trapped or exited: nothing it holds can be trusted.
      if (isFatalToEmbedded(error)) fail(error);
      throw error;
    }
  };

  // PostgreSQL's errors (with their severity) are parsed from the reply one level up.
  const execProtocol = client.execProtocol.bind(client);
  client.execProtocol = async (...args: Parameters<PGlite['execProtocol']>) => {
    try {
      return await execProtocol(...args);
    } catch (error) {
      if (isFatalToEmbedded(error)) fail(error);
      throw error;
    }
  };
  const execProtocolStream = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (...args: Parameters<PGlite['execProtocolStream']>) => {
    try {
      return await execProtocolStream(...args);
    } catch (error) {
      if (isFatalToEmbedded(error)) fail(error);
      throw error;
    }
  };
  return () => failure;
}
