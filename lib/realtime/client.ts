import { ApiError, api } from '../http/api-client';
import { boundAtom, type BoundAtom } from '../shell/atoms';
import {
  CLOSE_BEHIND,
  CLOSE_POLICY,
  CLOSE_TRY_LATER,
  PING_EVENT,
  PING_INTERVAL_MS,
  READY_EVENT,
  RECONNECT_ATTEMPTS,
  RECONNECT_DELAY_MS,
  RESYNC_EVENT,
  TRY_LATER_DELAY_MS,
  WS_PATH,
  type ServerMessage,
} from './protocol';

/** SPEC.md section 4: undefined (off), busy (connecting or renewing), connected. */
export type SocketStatus = 'undefined' | 'busy' | 'connected';
/** What the client reports to the person, as SPEC.md section 8 words it (the caller translates). */
export type SocketProblem = 'notSupported' | 'cannotConnect' | 'cannotGetToken' | 'tooManyConnections';

type Pending = { resolve: (d: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> };
/** The session cannot be renewed: no ticket will come, however often it is asked for. */
export class TicketRefused extends Error {}

type Deps = {
  /** A fresh single-use ticket; rejects with TicketRefused when the session cannot be renewed, with anything else when the network failed. */
  ticket: () => Promise<string>;
  url: (ticket: string) => string;
  WebSocket: typeof globalThis.WebSocket | undefined;
  onProblem: (problem: SocketProblem) => void;
  /** The wait after a 1013, × attempt (TRY_LATER_DELAY_MS; tests shorten it). */
  tryLaterMs?: number;
};

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The browser's socket (SPEC.md section 8): a new ticket for every connection; on 1006 (or
 * CLOSE_BEHIND, too slow reading its events) a new ticket and an immediate reconnect; 1008 is final; other closes retry up to three
 * times after 3 s × attempt. 1013 (too many sockets open) waits 30 s × attempt instead, as
 * a slot frees only when another tab closes, and names that problem when it gives up.
 * After any reconnect, listeners of `reconnected` fetch what the socket may have missed.
 */
export function createSocketClient(deps: Deps) {
  const status: BoundAtom<SocketStatus> = boundAtom<SocketStatus>('undefined');
  const listeners = new Map<string, Set<(d: unknown) => void>>();
  const pending = new Map<string | number, Pending>();
  let ws: WebSocket | null = null;
  let ping: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let seq = 0;
  let wanted = false;
  let everConnected = false;
  // Each start/stop begins a new run: an open() of an older run that was waiting for its
  // ticket must not open a second socket.
  let run = 0;

  function emit(e: string, d: unknown) {
    for (const fn of listeners.get(e) ?? []) fn(d);
  }

  function settleAll(reason: string) {
    for (const [ts, p] of pending) {
      clearTimeout(p.timer);
      p.reject(new Error(reason));
      pending.delete(ts);
    }
  }

  /** Waits 3 s × attempt (at once for the first 1006, 30 s × attempt after a 1013) and tries again, or gives up after three. */
  function retry(code: number) {
    attempts += 1;
    if (attempts > RECONNECT_ATTEMPTS) {
      wanted = false;
      status.set('undefined');
      deps.onProblem(code === CLOSE_TRY_LATER ? 'tooManyConnections' : 'cannotConnect');
      return;
    }
    const step = code === CLOSE_TRY_LATER ? (deps.tryLaterMs ?? TRY_LATER_DELAY_MS) : RECONNECT_DELAY_MS;
    // The link dropped, or the server found this client too far behind: back at once, the first time.
    const delay = (code === 1006 || code === CLOSE_BEHIND) && attempts === 1 ? 0 : step * attempts;
    status.set('busy');
    const mine = run;
    retryTimer = setTimeout(() => mine === run && void open(), delay);
  }

  async function open() {
    if (!wanted) return;
    if (!deps.WebSocket) {
      wanted = false;
      deps.onProblem('notSupported');
      return;
    }
    const mine = run;
    status.set('busy');
    let ticket: string;
    try {
      ticket = await deps.ticket();
    } catch (error) {
      if (!wanted || mine !== run) return;
      if (!(error instanceof TicketRefused)) return retry(0);
      wanted = false;
      status.set('undefined');
      deps.onProblem('cannotGetToken');
      return;
    }
    if (!wanted || mine !== run) return;
    let socket: WebSocket;
    try {
      socket = new deps.WebSocket(deps.url(ticket));
    } catch {
      wanted = false;
      status.set('undefined');
      deps.onProblem('cannotConnect');
      return;
    }
    ws = socket;
    socket.onmessage = (event) => {
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      if (msg.__ts !== undefined && pending.has(msg.__ts)) {
        const p = pending.get(msg.__ts)!;
        pending.delete(msg.__ts);
        clearTimeout(p.timer);
        if (msg.error) p.reject(new Error(msg.error.message));
        else p.resolve(msg.d);
        return;
      }
      if (msg.e === READY_EVENT) {
        status.set('connected');
        attempts = 0;
        if (everConnected) emit('reconnected', null);
        everConnected = true;
        clearInterval(ping);
        // A ping left unanswered means a dead link the browser has not noticed: close it, and reconnect.
        ping = setInterval(() => void request(PING_EVENT).catch(() => ws === socket && socket.close(4000, 'Ping timeout')), PING_INTERVAL_MS);
        return;
      }
      if (msg.e === RESYNC_EVENT) return emit('reconnected', null);
      if (msg.e) emit(msg.e, msg.d);
    };
    socket.onclose = (event) => {
      if (ws !== socket) return;
      ws = null;
      clearInterval(ping);
      settleAll('Socket closed');
      status.set('undefined');
      if (!wanted) return;
      if (event.code === CLOSE_POLICY) {
        wanted = false;
        return;
      }
      // 1006 (the link dropped): a new ticket at once, the first time; every other close,
      // and a 1006 that keeps coming back, waits 3 s × attempt.
      retry(event.code);
    };
  }

  /** Sends a request; resolves with the reply's `d`, rejects with its error message. */
  function request(e: string, d?: unknown): Promise<unknown> {
    const socket = ws;
    if (!socket || socket.readyState !== 1) return Promise.reject(new Error('Socket not connected'));
    const ts = `${Date.now()}-${(seq += 1)}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(ts);
        reject(new Error('Socket request timed out'));
      }, REQUEST_TIMEOUT_MS);
      pending.set(ts, { resolve, reject, timer });
      socket.send(JSON.stringify({ __ts: ts, e, d }));
    });
  }

  return {
    status,
    /** Opens the socket (again); a no-op while one is open or opening. */
    start() {
      if (wanted) return;
      wanted = true;
      attempts = 0;
      run += 1;
      void open();
    },
    stop() {
      wanted = false;
      run += 1;
      clearTimeout(retryTimer);
      clearInterval(ping);
      const socket = ws;
      ws = null;
      socket?.close(1000);
      settleAll('Socket stopped');
      status.set('undefined');
    },
    request,
    /** Listens to a server event (`chat:message`, …) or to `reconnected`. */
    on(e: string, fn: (d: unknown) => void): () => void {
      let set = listeners.get(e);
      if (!set) listeners.set(e, (set = new Set()));
      set.add(fn);
      return () => void set.delete(fn);
    },
  };
}

export type SocketClient = ReturnType<typeof createSocketClient>;

let shared: SocketClient | null = null;

/** The page's one socket; `onProblem` is set by the component that shows alerts. */
export function browserSocket(onProblem?: (problem: SocketProblem) => void): SocketClient {
  shared ??= createSocketClient({
    ticket: async () => {
      try {
        return (await api<{ data: { ticket: string } }>('auth/socketTicket')).data.ticket;
      } catch (error) {
        // An answer from the server (401 after a failed refresh, 403…) is final; a network failure is not.
        throw error instanceof ApiError ? new TicketRefused(error.message) : error;
      }
    },
    url: (ticket) => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}?token=${encodeURIComponent(ticket)}&as=user`,
    WebSocket: typeof WebSocket === 'undefined' ? undefined : WebSocket,
    onProblem: (p) => problemHandler(p),
  });
  if (onProblem) problemHandler = onProblem;
  return shared;
}
let problemHandler: (problem: SocketProblem) => void = () => {};
