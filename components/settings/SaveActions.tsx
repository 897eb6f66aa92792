'use client';

import { SubmitButton } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';

/** A settings tab's Save and Discard: both idle until the tab holds edits. */
export function SaveActions({ busy, dirty, onDiscard }: { busy: boolean; dirty: boolean; onDiscard: () => void }) {
  const t = useText('settings');
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="sm:w-48">
        <SubmitButton busy={busy} disabled={!dirty}>
          {t('save')}
        </SubmitButton>
      </div>
      <button
        type="button"
        onClick={onDiscard}
        disabled={!dirty || busy}
        className="text-sm font-medium text-accent hover:underline disabled:opacity-50 disabled:hover:no-underline"
      >
        {t('discard')}
      </button>
    </div>
  );
}
