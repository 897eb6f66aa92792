import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { HelpList } from '@/components/content/HelpList';
import { markdownToText, renderMarkdown } from '@/lib/content/markdown';
import { listFaq, listHelp } from '@/lib/content/service';
import { getDb } from '@/lib/db/client';
import { publicMetadata } from '@/lib/i18n/metadata';
import { pageLocale } from '@/lib/i18n/page';

// Content edits revalidate this page at once on the instance that made them; other
// instances (each with its own rendered copy) pick the change up within a minute.
export const revalidate = 60;

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations('faq');
  return publicMetadata('faq', locale, { title: t('title'), description: t('description') });
}

/** JSON in a script tag must not be able to close it. */
function jsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export default async function FaqPage({ params }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations('faq');
  const db = getDb();
  const [faqs, help] = await Promise.all([listFaq(db, locale), listHelp(db, locale)]);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: locale,
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: markdownToText(f.answer) } })),
  };
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('description')}</p>
      {faqs.length === 0 ? (
        <p className="mt-8 text-muted">{t('empty')}</p>
      ) : (
        <div className="mt-8 divide-y divide-line rounded-card border border-line">
          {faqs.map((f, i) => (
            <details key={f.id} className="group px-4 py-3" open={i === 0}>
              <summary className="cursor-pointer list-none font-medium marker:hidden">
                <span className="flex items-center justify-between gap-3">
                  <h2 className="text-base">{f.question}</h2>
                  <span aria-hidden="true" className="text-muted transition-transform group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <div className="prose-content mt-2 text-muted" dangerouslySetInnerHTML={{ __html: renderMarkdown(f.answer) }} />
            </details>
          ))}
        </div>
      )}
      {help.length > 0 && (
        <section className="mt-12" aria-labelledby="faq-help">
          <h2 id="faq-help" className="text-xl font-semibold">
            {t('helpTitle')}
          </h2>
          <div className="mt-4">
            <HelpList locale={locale} items={help} />
          </div>
        </section>
      )}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
    </div>
  );
}
