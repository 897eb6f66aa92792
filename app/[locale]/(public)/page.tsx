import type { Metadata } from 'next';
import { Link } from '@/components/ui/Link';
import { getTranslations } from '@/lib/i18n/translations';
import { HelpList } from '@/components/content/HelpList';
import { listHelp } from '@/lib/content/service';
import { getDb } from '@/lib/db/client';
import { findPublicInterview } from '@/lib/interviews/public';
import { publicMetadata } from '@/lib/i18n/metadata';
import { pageLocale } from '@/lib/i18n/page';
import { pathFor } from '@/lib/routes/match';

// Content edits revalidate this page at once on the instance that made them; other
// instances (each with its own rendered copy) pick the change up within a minute.
export const revalidate = 60;

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations('home');
  return publicMetadata('index', locale, { title: t('metaTitle'), description: t('metaDescription') });
}

export default async function HomePage({ params }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations('home');
  const help = await listHelp(getDb(), locale);
  const features = ['Chats', 'Boards', 'Profiles', 'Interviews'] as const;
  // The interviews card links to a real one when the demo project has it open.
  const demo = await findPublicInterview(getDb(), 'demo');
  const ti = await getTranslations('interviews');
  return (
    <div className="space-y-16">
      <section className="py-8 text-center sm:py-16">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">{t('eyebrow')}</p>
        <h1 className="mx-auto mt-3 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{t('title')}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">{t('lead')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href={pathFor('register', locale)} className="rounded-control bg-primary px-5 py-2.5 font-medium text-white hover:bg-primary-shade">
            {t('ctaRegister')}
          </Link>
          <Link href={pathFor('faq', locale)} className="rounded-control border border-line px-5 py-2.5 font-medium hover:bg-surface-2">
            {t('ctaFaq')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="for-title">
        <h2 id="for-title" className="text-xl font-semibold">
          {t('forTitle')}
        </h2>
        <ul className="mt-4 grid gap-3 md:grid-cols-3">
          {(['forAgencies', 'forSupport', 'forOps'] as const).map((k) => (
            <li key={k} className="card p-5">
              {t(k)}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title" className="text-xl font-semibold">
          {t('featuresTitle')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {features.map((f) => (
            <li key={f} className="card p-5">
              <h3 className="font-semibold">{t(`feature${f}Title`)}</h3>
              <p className="mt-1 text-sm text-muted">{t(`feature${f}Text`)}</p>
              {f === 'Interviews' && demo?.state === 'open' && (
                <Link href={pathFor('interview', locale, { key: 'demo' })} className="mt-2 inline-block text-sm text-accent">
                  {ti('homeLink')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>

      {help.length > 0 && (
        <section aria-labelledby="help-title">
          <div className="flex items-baseline justify-between">
            <h2 id="help-title" className="text-xl font-semibold">
              {t('helpTitle')}
            </h2>
            <Link href={pathFor('faq', locale)} className="text-sm text-accent">
              {t('helpMore')}
            </Link>
          </div>
          <div className="mt-4">
            <HelpList locale={locale} items={help} />
          </div>
        </section>
      )}
    </div>
  );
}
