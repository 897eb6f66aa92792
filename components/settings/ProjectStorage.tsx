'use client';

import { StorageMeter } from '@/components/quotas/StorageMeter';
import { useText } from '@/lib/i18n/client';
import { useSettings } from './SettingsProvider';

/** The general tab's read-only storage section: what the project's chat attachments take of its quota. */
export function ProjectStorage() {
  const t = useText('quotas');
  const { storage } = useSettings();
  return (
    <section aria-labelledby="settings-storage-title" className="mt-10 border-t border-line pt-6">
      <h3 id="settings-storage-title" className="mb-2 text-base font-semibold">
        {t('title')}
      </h3>
      <StorageMeter usage={storage} lead={t('projectLead')} testId="settings-storage" />
    </section>
  );
}
