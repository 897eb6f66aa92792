import { chatSocketHandlers } from '../chats/socket';
import type { Db } from '../db/client';
import type { Envelope, SocketGrant } from './audience';

/** What a socket request handler gets: the database, who asks (as of now), and the bus. */
export type SocketContext = { db: Db; grant: SocketGrant; publish: (envelope: Envelope) => Promise<void> };
/** Answers one client request; what it returns is the reply's `d`; a SocketError it throws is the reply's error. */
export type SocketHandler = (ctx: SocketContext, d: unknown) => Promise<unknown>;
/** Handlers as a domain declares them. */
export type SocketHandlerTable = Record<string, SocketHandler>;
/**
 * Handlers by event name. A Map, not an object: a client's `e` of `constructor`,
 * `__proto__` or `toString` must find nothing, not what every object inherits.
 */
export type SocketHandlers = ReadonlyMap<string, SocketHandler>;

/** Own properties only, whatever the table's prototype. */
export const handlerMap = (...tables: SocketHandlerTable[]): SocketHandlers => new Map(tables.flatMap((t) => Object.entries(t)));

// Requests other than app:ping: short-lived signals such as typing, and a text message
// (the chat's hot path, sent where the socket is open). Everything else goes through the API.
export const socketHandlers: SocketHandlers = handlerMap(chatSocketHandlers);
