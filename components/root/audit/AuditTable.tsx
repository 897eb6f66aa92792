'use client';

import { Link } from '@/components/ui/Link';
import { DataTable } from '@/components/ui/DataTable';
import { formatDateTime } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import type { RootAuditEntry } from '@/lib/root/audit';
import { auditActions } from '@/lib/root/console-schemas';
import { pathFor } from '@/lib/routes/match';
import { summarize } from './summary';

const KNOWN_TARGETS = new Set(['project', 'profile', 'membership', 'invitation', 'user', 'email', 'content']);

/** The entries; the project column is left out when the log is one project's. */
export function AuditTable({ entries, timeZone, withProject }: { entries: RootAuditEntry[]; timeZone: string; withProject: boolean }) {
  const t = useText('rootAudit');
  const locale = useLocale();
  const actionLabel = (action: string) => ((auditActions as readonly string[]).includes(action) ? t(`actions.${action}`) : action);
  const targetLabel = (type: string) => (KNOWN_TARGETS.has(type) ? t(`targets.${type}`) : type);
  return (
    <DataTable
      testId="audit-log"
      caption={t('caption')}
      columns={[
        { label: t('time') },
        { label: t('actor') },
        withProject && { label: t('project') },
        { label: t('action') },
        { label: t('target') },
        { label: t('details') },
        { label: t('ip') },
      ]}
    >
      {entries.map((e) => (
        <tr key={e.id} data-testid="audit-row" data-action={e.action} className="align-top">
          <td className="px-3 py-2 whitespace-nowrap">
            <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, locale, timeZone)}</time>
          </td>
          <td className="px-3 py-2">
            {e.actor ? (
              <>
                <p className="font-medium">{e.actor.name}</p>
                <p className="text-xs break-all text-muted">{e.actor.email}</p>
              </>
            ) : (
              <span className="text-muted">{t('noActor')}</span>
            )}
          </td>
          {withProject && (
            <td className="px-3 py-2">
              {e.project ? (
                <Link href={pathFor('rootProject', locale, { id: e.project.id })} className="text-accent hover:underline">
                  {e.project.name} <span className="text-xs text-muted">({e.project.key})</span>
                </Link>
              ) : (
                <span className="text-muted">—</span>
              )}
            </td>
          )}
          <td className="px-3 py-2">
            <span className="font-medium">{actionLabel(e.action)}</span>
            <code className="block text-xs text-muted">{e.action}</code>
          </td>
          <td className="px-3 py-2">
            {e.target ? (
              <>
                {targetLabel(e.target.type)}
                {e.target.id && <span className="block font-mono text-xs break-all text-muted">{e.target.id}</span>}
              </>
            ) : (
              <span className="text-muted">—</span>
            )}
          </td>
          <td className="max-w-sm px-3 py-2">
            {Object.keys(e.data).length === 0 ? (
              <span className="text-muted">—</span>
            ) : (
              <details>
                <summary className="cursor-pointer">{summarize(e.data)}</summary>
                <pre className="mt-2 max-h-64 overflow-auto rounded bg-surface-2 p-2 text-xs break-all whitespace-pre-wrap">
                  {JSON.stringify(e.data, null, 2)}
                </pre>
              </details>
            )}
          </td>
          <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{e.ip ?? '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}
