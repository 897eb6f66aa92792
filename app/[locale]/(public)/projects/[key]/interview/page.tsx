import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { notFound } from 'next/navigation';
import { BlogLink } from '@/components/blog/BlogLink';
import { PublicForm } from '@/components/interviews/PublicForm';
import { Notice } from '@/components/ui/Notice';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { publicMetadata } from '@/lib/i18n/metadata';
import { pageLocale } from '@/lib/i18n/page';
import { textFor } from '@/lib/i18n/server-text';
import { checkAnswers } from '@/lib/interviews/answers';
import { findDraft, findPublicInterview } from '@/lib/interviews/public';
import { translateToken } from '@/lib/validation/messages';

// Answers change what is shown (drafts, errors): never cached.
export const dynamic = 'force-dynamic';

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string; key: string }>; searchParams: Promise<Search> };
const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

async function load(props: Props) {
  const { key } = await props.params;
  const search = await props.searchParams;
  return { key, search, state: await findPublicInterview(getDb(), key, one(search.i)) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const locale = await pageLocale(props.params);
  const t = await getTranslations('interviews');
  const { key, state } = await load(props);
  const title = state && 'interview' in state ? t('public.metaTitle', { title: state.interview.title, project: state.project.name }) : t('title');
  // Kept out of search results unless the project chose otherwise for an open interview.
  const index = state?.state === 'open' && state.interview.indexable;
  return publicMetadata('interview', locale, { title, params: { key }, index });
}

/** A project's interview for anyone: the form, its thanks, or a clear page saying why there is none. */
export default async function InterviewPage(props: Props) {
  const locale = await pageLocale(props.params);
  const t = await getTranslations('interviews');
  const { search, state } = await load(props);
  if (!state) notFound();
  const project = state.project.name;

  let content;
  if (state.state === 'unavailable') content = <Notice tone="info" title={t('public.unavailableTitle')} text={t('public.unavailableText', { project })} />;
  else if (state.state === 'missing') content = <Notice tone="info" title={t('public.missingTitle')} text={t('public.missingText', { project })} />;
  else if (state.state === 'closed')
    content = <Notice tone="info" title={t('public.closedTitle')} text={t('public.closedText', { project, title: state.interview.title })} />;
  else if (state.state === 'full') content = <Notice tone="info" title={t('public.fullTitle')} text={t('public.fullText', { title: state.interview.title })} />;
  else if (one(search.limited) === '1') content = <Notice tone="error" title={t('public.limitedTitle')} text={t('public.limitedText')} />;
  else if (one(search.done) === '1')
    content = <Notice tone="success" title={t('public.thanksTitle')} text={state.interview.thanks || t('public.thanksDefault')} />;
  else {
    const token = one(search.r);
    const draft = await findDraft(getDb(), state.interview.id, token);
    // Scales and numbers are stored as numbers; the form's controls hold text.
    const initial = Object.fromEntries(
      Object.entries(draft?.answers ?? {}).flatMap(([k, v]) =>
        typeof v === 'number' ? [[k, String(v)]] : typeof v === 'string' || Array.isArray(v) ? [[k, v]] : [],
      ),
    ) as Record<string, string | string[]>;
    // Back from a refused post without JavaScript: the same checks, shown per question.
    const tv = textFor(locale, 'validation');
    const errors = draft && one(search.check) === '1' ? checkAnswers(state.questions, initial).errors : {};
    const translated = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, translateToken(v, tv)]));
    const hidden = Object.fromEntries(state.interview.hiddenFields.flatMap((h) => (one(search[h]) ? [[h, one(search[h])!.slice(0, 500)]] : [])));
    content = (
      <>
        {state.interview.welcome && <p className="mb-6 whitespace-pre-line text-muted">{state.interview.welcome}</p>}
        {draft && Object.keys(translated).length === 0 && <p className="mb-4 text-sm text-muted">{t('public.resumed')}</p>}
        {Object.keys(translated).length > 0 && (
          <p role="alert" className="mb-4 text-sm font-medium text-red-700 dark:text-red-400">
            {t('public.checkErrors')}
          </p>
        )}
        <noscript>
          <p className="mb-4 text-sm text-muted">{t('public.noScript')}</p>
        </noscript>
        <TextScope namespaces={['interviews', 'validation', 'captcha']}>
          <PublicForm
            projectKey={state.project.key}
            slug={state.interview.slug}
            questions={state.questions}
            initial={initial}
            errors={translated}
            token={draft ? token : undefined}
            hidden={hidden}
            thanks={state.interview.thanks}
          />
        </TextScope>
      </>
    );
  }

  const heading = 'interview' in state ? state.interview.title : t('title');
  return (
    <div className="mx-auto w-full max-w-2xl py-6 sm:py-8" lang={'interview' in state ? state.interview.language : undefined}>
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">{project}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">{heading}</h1>
      <BlogLink projectKey={state.project.key} locale={locale} />
      <div className="mt-6 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">{content}</div>
    </div>
  );
}
