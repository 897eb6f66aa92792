import { Link } from '@/components/ui/Link';
import { getTranslations } from '@/lib/i18n/translations';
import { appName } from '@/lib/env';
import { pathFor } from '@/lib/routes/match';
import type { Locale } from '@/lib/routes/table';

export async function PublicFooter({ locale }: { locale: Locale }) {
  const t = await getTranslations('footer');
  const nav = await getTranslations('nav');
  return (
    <footer className="mt-16 border-t border-line">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-medium text-ink">{appName()}</p>
          <p>{t('tagline')}</p>
        </div>
        <nav aria-label={t('legal')} className="flex flex-wrap gap-4">
          <Link href={pathFor('faq', locale)} className="hover:text-ink">
            {nav('faq')}
          </Link>
          <Link href={pathFor('register', locale)} className="hover:text-ink">
            {nav('register')}
          </Link>
          <Link href={pathFor('requestProject', locale)} className="hover:text-ink">
            {nav('requestProject')}
          </Link>
        </nav>
        <p>{t('rights', { year: new Date().getFullYear(), app: appName() })}</p>
      </div>
    </footer>
  );
}
