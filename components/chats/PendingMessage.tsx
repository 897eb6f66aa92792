'use client';

import { useText } from '@/lib/i18n/client';
import { LinkedText } from './LinkedText';

/** The viewer's message on its way: its text and file names, faint, until the server's copy replaces it. */
export function PendingMessage({ body, files }: { body: string; files: File[] }) {
  const t = useText('chats');
  return (
    <div className="flex gap-3 px-4 py-0.5 opacity-70" aria-busy="true" data-testid="chat-message-pending">
      <div className="w-8 shrink-0" />
      <div className="min-w-0 flex-1 text-sm">
        {body && <LinkedText text={body} />}
        {files.length > 0 && <p className="truncate text-xs text-muted">{files.map((f) => f.name).join(', ')}</p>}
        <p className="text-xs text-muted">{t('sending')}</p>
      </div>
    </div>
  );
}
