import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { WhatsappConversationView, WhatsappSettingsView, WhatsappTemplate } from './types';

// The WhatsApp extension's server data in the browser's query cache.

export const whatsappKeys = {
  all: ['whatsapp'] as const,
  settings: () => [...whatsappKeys.all, 'settings'] as const,
  conversation: (id: string) => [...whatsappKeys.all, 'conversation', id] as const,
  templates: (id: string) => [...whatsappKeys.all, 'templates', id] as const,
};

export function settingsQuery(initial?: WhatsappSettingsView) {
  return queryOptions({
    queryKey: whatsappKeys.settings(),
    queryFn: async (ctx) => (await getJson<{ settings: WhatsappSettingsView }>('whatsapp/settings')(ctx)).settings,
    initialData: initial,
  });
}

/** A conversation's WhatsApp side; null when it is no WhatsApp conversation (or the extension is off). */
export function whatsappConversationQuery(conversationId: string) {
  return queryOptions({
    queryKey: whatsappKeys.conversation(conversationId),
    queryFn: async (ctx): Promise<WhatsappConversationView | null> => {
      try {
        return (await getJson<{ data: WhatsappConversationView }>(`whatsapp/conversations/${conversationId}`)(ctx)).data;
      } catch (error) {
        if (error instanceof Error && 'status' in error && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    },
  });
}

export function templatesQuery(conversationId: string) {
  return queryOptions({
    queryKey: whatsappKeys.templates(conversationId),
    queryFn: async (ctx) =>
      (await getJson<{ data: { templates: WhatsappTemplate[] } }>(`whatsapp/conversations/${conversationId}/templates`)(ctx)).data.templates,
    staleTime: 5 * 60_000,
  });
}
