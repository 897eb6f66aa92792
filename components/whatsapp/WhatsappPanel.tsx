'use client';

import { useState } from 'react';
import type { ConversationView } from '@/lib/chats/types';
import { formatDateTime } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import { rowButton } from '@/components/ui/buttons';
import { TemplateDialog } from './TemplateDialog';
import { isWhatsappCandidate, useWhatsappConversation } from './use-whatsapp-conversation';

/** Above a WhatsApp conversation's thread: the contact, the 24-hour window and the template picker. */
export function WhatsappPanel({ conversation }: { conversation: ConversationView }) {
  const enabled = isWhatsappCandidate(conversation);
  const { data } = useWhatsappConversation(conversation.id, enabled);
  const t = useText('whatsapp');
  const locale = useLocale();
  const [picking, setPicking] = useState(false);
  if (!enabled || !data) return null;
  const when = data.windowEndsAt ? formatDateTime(data.windowEndsAt, locale, data.timeZone) : '';
  const windowText = data.windowOpen ? t('windowOpen', { time: when }) : data.windowEndsAt ? t('windowClosed', { time: when }) : t('windowNever');

  return (
    <section
      aria-label={t('pane')}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line px-3 py-2 text-xs sm:px-4"
      data-testid="whatsapp-panel"
    >
      <span className="rounded bg-surface-2 px-1.5 py-0.5 font-semibold">{t('pane')}</span>
      <span className="min-w-0 truncate" data-testid="whatsapp-contact">
        {t('contact', { name: data.contact.name || '—', number: data.contact.waId })}
      </span>
      <span
        className={data.windowOpen ? 'text-muted' : 'font-medium text-amber-800 dark:text-amber-300'}
        data-testid="whatsapp-window"
        data-open={data.windowOpen || undefined}
      >
        {windowText}
      </span>
      <button type="button" onClick={() => setPicking(true)} className={`${rowButton} ml-auto`} data-testid="whatsapp-template-open">
        {t('templates')}
      </button>
      {picking && <TemplateDialog conversationId={conversation.id} onClose={() => setPicking(false)} />}
    </section>
  );
}
