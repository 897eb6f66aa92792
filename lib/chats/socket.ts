import { safeParse } from 'zod/mini';
import { HttpError } from '../http/errors';
import { RateLimitError } from '../http/rate-limit';
import type { Audience } from '../realtime/audience';
import { SocketError } from '../realtime/errors';
import type { SocketContext, SocketHandlerTable } from '../realtime/handlers';
import { conversationShape, findConversation, seerOfSocket, sideOf } from './access';
import { audienceOf } from './events';
import { sendMessage } from './messages';
import { personOf } from './people';
import { socketMessageSchema, typingSchema } from './schemas';
import { CHAT_EVENTS, type ChatTypingEvent } from './types';

/** One typing event per user and conversation at most this often; the UI shows it for a few seconds. */
export const TYPING_INTERVAL_MS = 2000;
/**
 * And at most one per conversation this often, naming everyone who typed since the last:
 * in a channel of a thousand members, twenty people typing are one event a second, not ten.
 */
export const TYPING_COALESCE_MS = 1000;
// Entries older than the interval are useless; sweeping them once the map grows keeps it small.
const SWEEP_AT = 10_000;
/** When each user last typed in each conversation, and the conversation's newest seq then. */
const lastTyping = new Map<string, { at: number; seq: number }>();

type Typist = ChatTypingEvent['users'][number];
type Gathering = {
  typists: Map<string, Typist>;
  audience: Audience;
  publish: SocketContext['publish'];
  lastSent: number;
  timer?: ReturnType<typeof setTimeout>;
};
/** Per conversation: who typed since its last event, and when that went. */
const gatherings = new Map<string, Gathering>();

function record(key: string, at: number, seq: number): void {
  if (lastTyping.size >= SWEEP_AT) for (const [k, t] of lastTyping) if (at - t.at >= TYPING_INTERVAL_MS) lastTyping.delete(k);
  lastTyping.set(key, { at, seq });
  if (gatherings.size >= SWEEP_AT) for (const [k, g] of gatherings) if (!g.timer && at - g.lastSent >= TYPING_COALESCE_MS) gatherings.delete(k);
}

/** For tests: forget every throttle. */
export function resetTypingThrottle(): void {
  lastTyping.clear();
  for (const g of gatherings.values()) clearTimeout(g.timer);
  gatherings.clear();
}

function sendTyping(conversationId: string, g: Gathering): void {
  g.timer = undefined;
  g.lastSent = Date.now();
  const users = [...g.typists.values()];
  g.typists.clear();
  // A lone typist is spared their own event; with several, each client skips its own name.
  const except = users.length === 1 ? users[0].id : undefined;
  const d: ChatTypingEvent = { conversationId, users };
  void g.publish({ audience: { ...g.audience, ...(except ? { except } : {}) }, e: CHAT_EVENTS.typing, d });
}

/** Adds the typist to the conversation's next event: at once when none went in the last second, else at the end of it. */
function gather(conversationId: string, typist: Typist, audience: Audience, publish: SocketContext['publish']): void {
  let g = gatherings.get(conversationId);
  if (!g) gatherings.set(conversationId, (g = { typists: new Map(), audience, publish, lastSent: 0 }));
  g.typists.set(typist.id, typist);
  g.audience = audience;
  g.publish = publish;
  if (g.timer) return;
  const wait = g.lastSent + TYPING_COALESCE_MS - Date.now();
  if (wait <= 0) return sendTyping(conversationId, g);
  const held = g;
  g.timer = setTimeout(() => sendTyping(conversationId, held), wait);
  g.timer.unref?.();
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
    const person = await personOf(ctx.db, seer.userId);
    if (!person) throw new SocketError('Not found');
    gather(conversationId, { id: person.id, name: person.name }, await audienceOf(ctx.db, conversation), ctx.publish);
    return { sent: true };
  },

  /**
   * `chat:send` {conversationId, body, clientKey?}: a text message over the open socket, under
   * the same rules and limits as the API's POST (files go through the API). The reply is
   * {message}. A refusal says why in the protocol's words; the browser then sends the same
   * message (same client key) through the API, whose answer it shows in the person's language.
   */
  async [CHAT_EVENTS.send](ctx, d) {
    const parsed = safeParse(socketMessageSchema, d);
    if (!parsed.success) throw new SocketError('Invalid input');
    try {
      return { message: await sendOverSocket(ctx, parsed.data) };
    } catch (error) {
      if (error instanceof RateLimitError) throw new SocketError('Too many messages');
      if (error instanceof HttpError) throw new SocketError(error.status === 404 ? 'Not found' : 'Refused');
      throw error;
    }
  },
};

async function sendOverSocket(ctx: SocketContext, input: { conversationId: string; body: string; clientKey?: string }) {
  const seer = seerOfSocket(ctx.grant);
  const conversation = await conversationShape(ctx.db, input.conversationId);
  const side = conversation ? await sideOf(ctx.db, seer, conversation) : null;
  const author = side ? await personOf(ctx.db, seer.userId) : null;
  if (!conversation || !side || !author) throw new SocketError('Not found');
  return sendMessage(ctx.db, conversation, side, author, { body: input.body, clientKey: input.clientKey }, new Map(), 'en', { counted: true });
}
