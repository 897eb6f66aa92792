import pg from 'pg';
import { logger } from '../log/logger';
import { errorText } from '../log/error-text';

export type ChannelHandlers = {
  onPayload(payload: string | undefined): void;
  /** The LISTEN is in place (first time or after a reconnect); `again` is false the first time. */
  onUp?(again: boolean): void;
  /** The connection dropped: notifications may be missed until the next onUp. */
  onDown?(): void;
};

export type ChannelListener = {
  /** Resolves once the first LISTEN is in place (or the first attempt failed). */
  ready: Promise<void>;
  live(): boolean;
  /** Runs a statement on the listening connection itself; fails when it is down. */
  query(text: string, values?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
};

/**
 * LISTEN on a PostgreSQL channel through a connection of its own (a pooled one would
 * lose the LISTEN when handed back), reconnecting with backoff after any loss.
 */
export function listenChannel(databaseUrl: string, channel: string, handlers: ChannelHandlers): ChannelListener {
  let client: pg.Client | null = null;
  let closed = false;
  let everConnected = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  function schedule(attempt: number) {
    if (closed) return;
    clearTimeout(retry);
    retry = setTimeout(() => void connect(attempt), Math.min(30_000, 500 * 2 ** attempt));
    retry.unref?.();
  }

  async function connect(attempt = 0): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      if (msg.channel === channel) handlers.onPayload(msg.payload);
    });
    c.on('error', (error) => {
      logger.warn({ err: error.message, channel }, 'listening connection lost');
      if (client !== c) return;
      client = null;
      void c.end().catch(() => {});
      handlers.onDown?.();
      schedule(0);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (closed) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      handlers.onUp?.(everConnected);
      everConnected = true;
    } catch (error) {
      logger.warn({ err: errorText(error), attempt, channel }, 'listening connection could not connect');
      void c.end().catch(() => {});
      schedule(attempt + 1);
    }
  }

  const ready = connect();
  return {
    ready,
    live: () => client !== null,
    query: async (text, values) => {
      if (!client) throw new Error('listening connection down');
      return client.query(text, values);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
