'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { TextAreaField } from '@/components/requestProject/TextAreaField';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { FileInput } from '@/components/ui/FileInput';
import { formatDateTime } from '@/lib/format';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useLocale, useText } from '@/lib/i18n/client';
import { REQUEST_TYPES, SUBJECT_MAX } from '@/lib/requests/limits';
import { myRequestsQuery, requestsKeys } from '@/lib/requests/queries';
import type { OwnRequest } from '@/lib/requests/types';
import { pathFor } from '@/lib/routes/match';
import { alerts } from '@/lib/shell/alerts';
import { postForm } from './api';
import { StatusBadge } from './Badges';
import { SelectField } from './SelectField';
import { useRequestEvents } from './use-request-events';

/** The account area's "My requests": the user's requests in every project, and a form to open one. */
export function MyRequests({ timeZone }: { timeZone: string | null }) {
  const t = useText('requests');
  const locale = useLocale();
  const { data } = useQuery(myRequestsQuery());
  const [asking, setAsking] = useState(false);
  useRequestEvents();
  if (!data) return <p className="text-muted">…</p>;
  return (
    <div>
      <p className="mb-4 text-muted">{t('myLead')}</p>
      {data.projects.length === 0 ? (
        <p className="text-muted">{t('noProjects')}</p>
      ) : asking ? (
        <AskForm projects={data.projects} onClose={() => setAsking(false)} />
      ) : (
        <button type="button" className={primaryButton} onClick={() => setAsking(true)} data-testid="ask-request">
          {t('askTitle')}
        </button>
      )}
      {data.requests.length === 0 ? (
        <p className="mt-6 text-muted">{t('myEmpty')}</p>
      ) : (
        <ul className="mt-6 divide-y divide-line rounded-card border border-line" data-testid="my-requests">
          {data.requests.map((r: OwnRequest) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
              <Link
                href={pathFor('accountRequest', locale, { id: r.id })}
                className="min-w-0 flex-1 basis-48 font-medium break-words text-accent hover:underline"
              >
                #{r.number} {r.subject}
              </Link>
              <StatusBadge status={r.status} />
              <span className="text-sm text-muted">{r.project.name}</span>
              <time className="text-xs text-muted" dateTime={r.updatedAt}>
                {formatDateTime(r.updatedAt, locale, timeZone)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AskForm({ projects, onClose }: { projects: { id: string; name: string }[]; onClose: () => void }) {
  const t = useText('requests');
  const locale = useLocale();
  const client = useQueryClient();
  const router = useRouter();
  const [files, setFiles] = useState<File[]>([]);
  const { form, submit, bind, errorOf, busy } = useApiForm(() => import('@/lib/requests/schemas').then((m) => m.requesterCreateSchema), {
    defaultValues: { projectId: projects.length === 1 ? projects[0].id : '', subject: '', type: 'question', body: '' },
    onSubmit: async (values) => {
      const res = await postForm<{ message: string; data: { request: OwnRequest } }>('requests/mine', values, files);
      alerts.push({ type: 'success', text: res.message });
      await client.invalidateQueries({ queryKey: requestsKeys.mine() });
      router.push(pathFor('accountRequest', locale, { id: res.data.request.id }));
    },
  });
  return (
    <form onSubmit={submit} className="space-y-4 rounded-card border border-line p-4" noValidate data-testid="ask-form">
      <h3 className="font-semibold">{t('askTitle')}</h3>
      <SelectField
        control={form.control}
        name="projectId"
        label={t('projectLabel')}
        options={projects.map((p) => ({ value: p.id, label: p.name }))}
        error={errorOf('projectId')}
      />
      <TextField label={t('subject')} maxLength={SUBJECT_MAX} required {...bind('subject')} />
      <SelectField
        control={form.control}
        name="type"
        label={t('typeLabel')}
        options={REQUEST_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
        error={errorOf('type')}
      />
      <TextAreaField label={t('body')} required {...bind('body')} />
      <div className="text-sm">
        <label htmlFor="ask-files" className="mb-1 block font-medium">
          {t('files')}
        </label>
        <FileInput
          id="ask-files"
          multiple
          aria-describedby="ask-files-hint"
          chosen={files.map((f) => f.name)}
          onChange={(e) => setFiles([...(e.target.files ?? [])].slice(0, 5))}
        />
        <span id="ask-files-hint" className="mt-1 block text-xs text-muted">
          {t('filesHint')}
        </span>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onClose} disabled={busy}>
          {t('cancel')}
        </button>
        <button type="submit" className={primaryButton} disabled={busy} data-testid="ask-send">
          {t('ask')}
        </button>
      </div>
    </form>
  );
}
