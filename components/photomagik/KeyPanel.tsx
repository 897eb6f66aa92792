'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { secondaryButton } from '@/components/ui/buttons';
import { formatDateTime } from '@/lib/format/date';
import { showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { keyQuery } from '@/lib/photomagik/queries';
import type { KeyView } from '@/lib/photomagik/schemas';
import { usePhotomagikWrite } from './use-photomagik-write';

/** The public API's key: which one is in use, and a new one shown exactly once. */
export function KeyPanel({ initial, projectKey, timeZone, mayCreate }: { initial: KeyView; projectKey: string; timeZone: string; mayCreate: boolean }) {
  const t = useText('photomagik');
  const te = useText('errors');
  const locale = useLocale();
  const { data: key } = useQuery({ ...keyQuery(), initialData: initial });
  const [secret, setSecret] = useState<string | null>(null);
  const write = usePhotomagikWrite();
  const create = async () => {
    try {
      setSecret((await write.mutateAsync({ path: 'photomagik/key', method: 'POST' })).secret ?? null);
    } catch (error) {
      showError(error, te);
    }
  };
  return (
    <section className="rounded-card border border-line bg-surface p-4" aria-labelledby="photomagik-key-title">
      <h2 id="photomagik-key-title" className="mb-2 text-lg font-semibold">
        {t('ui.keyTitle')}
      </h2>
      <p className="mb-2 text-sm text-muted">{t('ui.keyLead')}</p>
      <code className="mb-3 block rounded bg-surface-2 p-2 text-xs break-all">POST /api/projects/{projectKey}/photomagik/generate</code>
      <p className="mb-3 text-sm" data-testid="photomagik-key-status">
        {key.prefix ? t('ui.keyInUse', { prefix: key.prefix, at: formatDateTime(key.createdAt!, locale, timeZone) }) : t('ui.keyNone')}
      </p>
      {secret && (
        <div className="mb-3 rounded border border-line bg-surface-2 p-2" role="status">
          <p className="mb-1 text-sm font-medium">{t('ui.keyOnce')}</p>
          <code className="block text-xs break-all" data-testid="photomagik-key-secret">
            {secret}
          </code>
        </div>
      )}
      {mayCreate && (
        <button type="button" className={secondaryButton} onClick={() => void create()} disabled={write.isPending} data-testid="photomagik-key-create">
          {key.prefix ? t('ui.keyReplace') : t('ui.keyCreate')}
        </button>
      )}
    </section>
  );
}
