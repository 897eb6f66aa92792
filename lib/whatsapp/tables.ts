import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chatConversations, chatMessages } from '../chats/tables';
import { projects } from '../projects/tables';

/**
 * A project's Cloud API credentials. The three secrets are sealed (secrets.ts) and never
 * leave the server; the two ids are plain, the phone number id routes webhook deliveries.
 */
export const whatsappAccounts = pgTable(
  'whatsapp_accounts',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    phoneNumberId: text('phone_number_id').notNull().default(''),
    wabaId: text('waba_id').notNull().default(''),
    accessToken: text('access_token'),
    appSecret: text('app_secret'),
    verifyToken: text('verify_token'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One project per phone number, or a delivery could not be routed.
  (t) => [
    uniqueIndex('whatsapp_accounts_phone_key')
      .on(t.phoneNumberId)
      .where(sql`${t.phoneNumberId} <> ''`),
  ],
);

/** A WhatsApp user who wrote to the project, and the support conversation that holds them. */
export const whatsappContacts = pgTable(
  'whatsapp_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    waId: text('wa_id').notNull(),
    name: text('name').notNull().default(''),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    // The customer-service window: 24 hours from the contact's newest message.
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whatsapp_contacts_project_wa_key').on(t.projectId, t.waId), uniqueIndex('whatsapp_contacts_conversation_key').on(t.conversationId)],
);

export type WhatsappStatus = 'received' | 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

/** The WhatsApp side of a chat message: its wamid, direction and delivery status. */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    chatMessageId: uuid('chat_message_id').references(() => chatMessages.id, { onDelete: 'cascade' }),
    waMessageId: text('wa_message_id'),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    status: text('status').$type<WhatsappStatus>().notNull(),
    errorCode: integer('error_code'),
    errorText: text('error_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Deliveries repeat: a message id is taken once per project.
    uniqueIndex('whatsapp_messages_wamid_key').on(t.projectId, t.waMessageId),
    uniqueIndex('whatsapp_messages_chat_message_key').on(t.chatMessageId),
    index('whatsapp_messages_conversation_idx').on(t.conversationId),
  ],
);

export type WhatsappAccount = typeof whatsappAccounts.$inferSelect;
export type WhatsappContact = typeof whatsappContacts.$inferSelect;
