import { getTranslations } from '@/lib/i18n/translations';

export async function SkipLink() {
  const t = await getTranslations('nav');
  return (
    <a href="#main" className="sr-only z-50 rounded bg-primary px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
      {t('skipToContent')}
    </a>
  );
}
