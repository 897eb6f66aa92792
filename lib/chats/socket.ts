import { eq } from 'drizzle-orm';
import { safeParse } from 'zod/mini';
import type { SocketHandlers } from '../realtime/handlers';
import { users } from '../users/tables';
import { findConversation, seerOfSocket, sideOf } from './access';
import { audienceOf } from './events';
import { typingSchema } from './schemas';
import { CHAT_EVENTS, type ChatTypingEvent } from './types';

/** One typing event per user and conversation at most this often; the UI shows it for a few seconds. */
export const TYPING_INTERVAL_MS = 2000;
// Entries older than the interval are useless; sweeping them once the map grows keeps it small.
const SWEEP_AT = 10_000;
const lastTyping = new Map<string, number>();

function throttled(key: string, now: number): boolean {
  const last = lastTyping.get(key);
  return last !== undefined && now - last < TYPING_INTERVAL_MS;
}

function record(key: string, now: number): void {
  if (lastTyping.size >= SWEEP_AT) for (const [k, t] of lastTyping) if (now - t >= TYPING_INTERVAL_MS) lastTyping.delete(k);
  lastTyping.set(key, now);
}

/** For tests: forget every throttle. */
export function resetTypingThrottle(): void {
  lastTyping.clear();
}

/**
 * `chat:typing` {conversationId}: whoever may read the conversation (staff by their
 * socket's grant, or its support customer) tells the others they are typing. The reply
 * says whether an event went out (false when throttled).
 */
export const chatSocketHandlers: SocketHandlers = {
  async [CHAT_EVENTS.typing](ctx, d) {
    const parsed = safeParse(typingSchema, d);
    if (!parsed.success) throw new Error('Invalid conversationId');
    const conversationId = parsed.data.conversationId;
    const seer = seerOfSocket(ctx.grant);
    const key = `${seer.userId}:${conversationId}`;
    // Checked before the database is asked anything: a fast typist costs nothing.
    if (throttled(key, Date.now())) return { sent: false };
    const conversation = await findConversation(ctx.db, conversationId);
    if (!conversation || !(await sideOf(ctx.db, seer, conversation))) throw new Error('Not found');
    record(key, Date.now());
    const [user] = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, seer.userId)).limit(1);
    if (!user) throw new Error('Not found');
    const event: ChatTypingEvent = { conversationId, user };
    await ctx.publish({ audience: { ...(await audienceOf(ctx.db, conversation)), except: seer.userId }, e: CHAT_EVENTS.typing, d: event });
    return { sent: true };
  },
};
