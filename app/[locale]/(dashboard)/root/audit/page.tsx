import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { AuditLog } from '@/components/root/audit/AuditLog';
import { rootViewer } from '@/lib/access/page';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('rootAudit');
  return { title: t('title'), robots: { index: false } };
}

export default async function RootAuditPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await rootViewer();
  const t = await getTranslations('rootAudit');
  return (
    <div className="max-w-7xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-muted">{t('lead')}</p>
      <div className="mt-6">
        <TextScope namespaces={['rootAudit']}>
          <AuditLog timeZone={viewer.user.timeZone} />
        </TextScope>
      </div>
    </div>
  );
}
