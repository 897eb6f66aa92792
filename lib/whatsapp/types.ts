// What the WhatsApp API answers; shared by the services, the routes and the browser. No server imports.
import type { WhatsappStatus } from './tables';

export type { WhatsappStatus };

/** The settings as the page shows them: ids in the clear, secrets only as set or not. */
export type WhatsappSettingsView = {
  phoneNumberId: string;
  wabaId: string;
  accessTokenSet: boolean;
  appSecretSet: boolean;
  verifyTokenSet: boolean;
  /** Where Meta should deliver: this server's webhook. */
  webhookUrl: string;
};

export type WhatsappMessageState = { direction: 'in' | 'out'; status: WhatsappStatus; errorCode: number | null; errorText: string | null };

/** A WhatsApp support conversation: the contact, the 24-hour window and each message's state by chat message id. */
export type WhatsappConversationView = {
  contact: { name: string; waId: string };
  /** The window's end (ISO), null before the contact ever wrote. */
  windowEndsAt: string | null;
  windowOpen: boolean;
  timeZone: string;
  messages: Record<string, WhatsappMessageState>;
};

export type WhatsappTemplate = { name: string; language: string; category: string; body: string };

export const WHATSAPP_EVENTS = { status: 'whatsapp:status' } as const;
export type WhatsappStatusEvent = { projectId: string; conversationId: string };
