import { getLocale } from 'next-intl/server';
import { getTranslations } from '@/lib/i18n/translations';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatFileSize } from '@/lib/format';
import type { ProjectDetail } from '@/lib/root/projects';
import { DownloadLink } from './DownloadLink';

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section aria-labelledby={id} className="flex flex-col gap-3">
    <h2 id={id} className="text-lg font-semibold">
      {title}
    </h2>
    {children}
  </section>
);

/** What was asked for: who, when, the description and the project's defaults, then the attached files. */
export async function ProjectRequest({ detail, timeZone }: { detail: ProjectDetail; timeZone: string }) {
  const t = await getTranslations('rootProjects');
  const locale = await getLocale();
  const { project, requester, files } = detail;
  const facts: [string, ReactNode][] = [
    [
      t('requester'),
      requester ? (
        <>
          {requester.name} <span className="text-muted">({requester.email})</span>
        </>
      ) : (
        <span className="text-muted">{t('noRequester')}</span>
      ),
    ],
    [
      t('created'),
      <time key="created" dateTime={project.createdAt}>
        {formatDateTime(project.createdAt, locale, timeZone)}
      </time>,
    ],
    [t('currency'), project.currency],
    [t('language'), project.language],
    [t('timeZone'), project.timeZone],
  ];
  return (
    <>
      <Section id="root-project-request" title={t('request')}>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div className="contents">
            <dt className="text-muted">{t('description')}</dt>
            <dd className="whitespace-pre-wrap" data-testid="root-project-description">
              {project.description || <span className="text-muted">{t('noDescription')}</span>}
            </dd>
          </div>
        </dl>
      </Section>

      <Section id="root-project-files" title={t('files')}>
        {files.length === 0 ? (
          <p className="text-sm text-muted">{t('noFiles')}</p>
        ) : (
          <ul className="divide-y divide-line rounded-card border border-line text-sm" data-testid="root-project-files">
            {files.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <DownloadLink href={`/api/root/projects/${project.id}/files/${f.id}`} label={t('downloadFile', { name: f.name })}>
                    {f.name}
                  </DownloadLink>
                  <p className="text-xs text-muted">
                    {f.contentType} · {formatFileSize(f.size, locale)} · <time dateTime={f.createdAt}>{formatDate(f.createdAt, locale, timeZone)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
