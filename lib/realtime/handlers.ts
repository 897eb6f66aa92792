import { chatSocketHandlers } from '../chats/socket';
import type { Db } from '../db/client';
import type { Envelope, SocketGrant } from './audience';

/** What a socket request handler gets: the database, who asks (as of now), and the bus. */
export type SocketContext = { db: Db; grant: SocketGrant; publish: (envelope: Envelope) => Promise<void> };
/** Answers one client request; what it returns is the reply's `d`, what it throws its error. */
export type SocketHandler = (ctx: SocketContext, d: unknown) => Promise<unknown>;
export type SocketHandlers = Record<string, SocketHandler>;

// Requests other than app:ping. Everything that changes data goes through the API; the
// socket only carries events and short-lived signals such as typing.
export const socketHandlers: SocketHandlers = { ...chatSocketHandlers };
