// The socket's rules, shared by the server and the browser client (SPEC.md sections 8 and 9).

export const WS_PATH = '/ws/v1';
export const MAX_FRAME_BYTES = 64 * 1024;
/** The client pings this often; the server drops a socket silent for two intervals. */
export const PING_INTERVAL_MS = 42_000;
export const SILENCE_LIMIT_MS = 2 * PING_INTERVAL_MS;
export const RECONNECT_ATTEMPTS = 3;
export const RECONNECT_DELAY_MS = 3000;
/** Per socket: at most this many messages in a window; more are refused one by one. */
export const RATE_LIMIT = { messages: 40, windowMs: 10_000 };

/** Close codes: 1008 is final (bad or expired token, session ended); 1006 means renew and reconnect. */
export const CLOSE_POLICY = 1008;
export const CLOSE_GOING_AWAY = 1001;
/** Refused for now (too many sockets open): the client waits longer before trying again. */
export const CLOSE_TRY_LATER = 1013;
/** The server could not check the token (its database is down): the client retries as after any other close. */
export const CLOSE_UNAVAILABLE = 1011;
/** The client fell too far behind reading its events: it reconnects at once and fetches what it missed. */
export const CLOSE_BEHIND = 4001;
/** After a 1013 the client waits this × attempt: a slot frees only when another tab or device closes. */
export const TRY_LATER_DELAY_MS = 30_000;

/** A request to the server; its reply carries the same `__ts`. */
export type ClientMessage = { __ts?: string | number; e: string; d?: unknown };
/**
 * A reply (`__ts` set) or an event pushed by the server. An error's message is one of the
 * protocol's own; a failure inside the server says only `requestId`, the key to its log line.
 */
export type ServerMessage = { __ts?: string | number; e?: string; d?: unknown; error?: { message: string; requestId?: string } };

// Events the server pushes.
export const READY_EVENT = 'app:ready';
export const PING_EVENT = 'app:ping';
/** The server lost events (its link to the other instances dropped): fetch what may be missing. */
export const RESYNC_EVENT = 'app:resync';
/** Between server instances only, never sent to browsers: re-read the grants of these users' (or this project's) sockets now. */
export const GRANTS_EVENT = 'sys:grants';
