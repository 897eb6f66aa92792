import { eq } from 'drizzle-orm';
import { safeParse } from 'zod/mini';
import { SocketError } from '../realtime/errors';
import type { SocketHandlerTable } from '../realtime/handlers';
import { users } from '../users/tables';
import { findConversation, seerOfSocket, sideOf } from './access';
import { audienceOf } from './events';
import { typingSchema } from './schemas';
import { CHAT_EVENTS, type ChatTypingEvent } from './types';

/** One typing event per user and conversation at most this often; the UI shows it for a few seconds. */
export const TYPING_INTERVAL_MS = 2000;
// Entries older than the interval are useless; sweeping them once the map grows keeps it small.
const SWEEP_AT = 10_000;
/** When each user last typed in each conversation, and the conversation's newest seq then. */
const lastTyping = new Map<string, { at: number; seq: number }>();

function record(key: string, at: number, seq: number): void {
  if (lastTyping.size >= SWEEP_AT) for (const [k, t] of lastTyping) if (at - t.at >= TYPING_INTERVAL_MS) lastTyping.delete(k);
  lastTyping.set(key, { at, seq });
}

/** For tests: forget every throttle. */
export function resetTypingThrottle(): void {
  lastTyping.clear();
}

/**
 * `chat:typing` {conversationId, fresh?}: whoever may read the conversation (staff by their
 * socket's grant, or its support customer) tells the others they are typing. The reply
 * says whether an event went out (false when throttled). A sent message ends its typing
 * for the others, so the first keystroke of the next one (`fresh`) goes out at once when
 * a message came since the last event; the throttle still holds for everything else.
 */
export const chatSocketHandlers: SocketHandlerTable = {
  async [CHAT_EVENTS.typing](ctx, d) {
    const parsed = safeParse(typingSchema, d);
    if (!parsed.success) throw new SocketError('Invalid conversationId');
    const { conversationId, fresh } = parsed.data;
    const seer = seerOfSocket(ctx.grant);
    const key = `${seer.userId}:${conversationId}`;
    const last = lastTyping.get(key);
    const recent = last !== undefined && Date.now() - last.at < TYPING_INTERVAL_MS;
    // Checked before the database is asked anything: a fast typist costs nothing.
    if (recent && !fresh) return { sent: false };
    const conversation = await findConversation(ctx.db, conversationId);
    if (!conversation || !(await sideOf(ctx.db, seer, conversation))) throw new SocketError('Not found');
    if (recent && conversation.lastMessageSeq <= last.seq) return { sent: false };
    record(key, Date.now(), conversation.lastMessageSeq);
    const [user] = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, seer.userId)).limit(1);
    if (!user) throw new SocketError('Not found');
    const event: ChatTypingEvent = { conversationId, user };
    await ctx.publish({ audience: { ...(await audienceOf(ctx.db, conversation)), except: seer.userId }, e: CHAT_EVENTS.typing, d: event });
    return { sent: true };
  },
};
