import * as z from 'zod/mini';
import { field, form, numberField, pageField, uuidField, wholeNumberField } from '../validation/field';
import { token } from '../validation/messages';
import { between, maxLength, minLength, pattern, required } from '../validation/rules';
import {
  CHANNEL_NAME_MAX,
  CLIENT_KEY_MAX,
  CLIENT_KEY_MIN,
  MESSAGE_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_MAX,
  SEARCH_MIN,
  TOPIC_MAX,
} from './limits';

// Shared by the chat UI's forms (through zodResolver) and the chats API: no server imports.

export * from './limits';

/** Members named at once when creating a channel or adding to one. */
const MEMBERS_MAX = 100;

/** One of `values`; an absent or empty value takes `fallback` (query strings send '' for "any"). */
function choice<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.pipe(
    z.transform((v: unknown) => (v === undefined || v === null || v === '' ? fallback : v)),
    z.enum(values, { error: token('invalid') }),
  );
}

const userIds = z.array(uuidField(), { error: token('invalid') }).check(z.maxLength(MEMBERS_MAX, { error: token('invalid') }));

const channelName = field([required(), maxLength(CHANNEL_NAME_MAX), pattern('productName')]);
// '' clears the topic, so an empty one outputs '' rather than undefined.
const topic = z.pipe(
  field([maxLength(TOPIC_MAX)]),
  z.transform((v) => v ?? ''),
);

/** The new-channel form: a public channel is open to all the team; a private one to its members. */
export const channelCreateSchema = form({
  kind: z.literal('channel', { error: token('invalid') }),
  name: channelName,
  topic: z._default(topic, ''),
  isPrivate: z._default(z.boolean({ error: token('invalid') }), false),
  /** Private channels: who joins besides the creator (ignored for public ones). */
  memberIds: z._default(userIds, []),
});

/** A direct conversation with one other staff member (found or created). */
export const directCreateSchema = form({
  kind: z.literal('direct', { error: token('invalid') }),
  userId: uuidField(),
});

/** POST /api/chats/conversations: either shape, told apart by `kind`. */
export const conversationCreateSchema = z.discriminatedUnion('kind', [channelCreateSchema, directCreateSchema], { error: token('invalid') });

export const SUPPORT_STATUSES = ['open', 'resolved'] as const;

/** PATCH /api/chats/conversations/[id]: name and topic for channels, status for support. Only what is sent changes. */
export const conversationPatchSchema = form({
  name: z.optional(channelName),
  topic: z.optional(topic),
  status: z.optional(z.enum(SUPPORT_STATUSES, { error: token('invalid') })),
});

export const membersAddSchema = form({
  userIds: userIds.check(z.minLength(1, { error: token('required') })),
});

/** Support: who takes the conversation; null leaves it unassigned. */
export const assignSchema = form({ assigneeId: z.nullable(uuidField()) });

/**
 * A message's text, trimmed. Empty passes here because a message may be only files; the
 * service refuses an empty body when no file comes with it.
 */
export const messageSchema = form({
  body: z.pipe(
    field([maxLength(MESSAGE_MAX)], { text: 'multiline' }),
    z.transform((v) => v ?? ''),
  ),
  /** The sender's own key for this message: sending it again (a lost answer, a reconnect) returns the same message. */
  clientKey: z.optional(field([minLength(CLIENT_KEY_MIN), maxLength(CLIENT_KEY_MAX), pattern('alphaDash', 'invalid')])),
});

/** A message sent over the socket (`chat:send`): the same fields, and the conversation it goes to. */
export const socketMessageSchema = form({ conversationId: uuidField(), body: messageSchema.shape.body, clientKey: messageSchema.shape.clientKey });

/** Editing keeps the files, so an edited text may only be empty when the message has some (checked by the service). */
export const messageEditSchema = messageSchema;

export const readSchema = form({
  seq: numberField([required(), between(0, Number.MAX_SAFE_INTEGER)]).check(z.refine((v) => Number.isInteger(v), { error: token('invalid') })),
});

/** GET /api/chats/conversations: the query string. Status and assignee narrow support conversations only. */
export const conversationListQuerySchema = form({
  kind: choice(['all', 'team', 'support'], 'all'),
  status: choice(['all', ...SUPPORT_STATUSES], 'all'),
  assignee: choice(['any', 'me', 'none'], 'any'),
});

/** GET …/messages: `before` pages back through history, `after` catches up; neither gives the newest page. */
export const messagesQuerySchema = form({
  before: wholeNumberField(1, Number.MAX_SAFE_INTEGER),
  after: wholeNumberField(0, Number.MAX_SAFE_INTEGER),
  limit: pageField(MESSAGES_PAGE_DEFAULT, 1, MESSAGES_PAGE_MAX),
}).check(
  z.superRefine((v, ctx) => {
    if (v.before !== undefined && v.after !== undefined) ctx.addIssue({ code: 'custom', path: ['after'], message: token('invalid'), input: v.after });
  }),
);

export const searchQuerySchema = form({
  q: field([required(), minLength(SEARCH_MIN), maxLength(SEARCH_MAX)]),
  limit: pageField(SEARCH_LIMIT_DEFAULT, 1, SEARCH_LIMIT_MAX),
});

export const peopleQuerySchema = form({
  q: z.pipe(
    field([maxLength(SEARCH_MAX)]),
    z.transform((v) => v ?? ''),
  ),
});

/** A user asking a project's support: POST /api/chats/support, and GET's ?projectId=. */
export const supportOpenSchema = form({ projectId: uuidField() });

/** The socket's `chat:typing` request. */
/** `fresh`: the first keystroke of a new message since the sender's last one was sent. */
export const typingSchema = form({ conversationId: uuidField(), fresh: z.optional(z.boolean({ error: token('invalid') })) });

export type ChannelCreateInput = z.output<typeof channelCreateSchema>;
export type DirectCreateInput = z.output<typeof directCreateSchema>;
export type ConversationCreateInput = z.output<typeof conversationCreateSchema>;
export type ConversationPatch = z.output<typeof conversationPatchSchema>;
export type ConversationListQuery = z.output<typeof conversationListQuerySchema>;
export type MessagesQuery = z.output<typeof messagesQuerySchema>;
export type MessageInput = z.output<typeof messageSchema>;
export type SocketMessageInput = z.output<typeof socketMessageSchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;
