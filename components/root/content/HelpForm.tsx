'use client';

import { TextField } from '@/lib/forms/fields';
import { Controller } from 'react-hook-form';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import type { Locale } from '@/lib/i18n/locales';
import { BODY_MAX, SLUG_MAX, SUMMARY_MAX, TITLE_MAX, type HelpView } from '@/lib/content/schemas';
import { alerts } from '@/lib/shell/alerts';
import { EditorShell, LocaleSelect, PublishedBox } from './EditorShell';
import { MarkdownField } from './MarkdownField';
import { useContentSave } from './use-content-list';

/** A slug suggested from a title: accents dropped, anything else between words one hyphen. */
function slugOf(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

/** Creates a help article (`article` null, in `locale`) or edits one. */
export function HelpForm({
  article,
  locale,
  onDone,
  onCancel,
}: {
  article: HelpView | null;
  locale: Locale;
  onDone: (saved: HelpView) => void;
  onCancel: () => void;
}) {
  const t = useText('rootContent');
  const save = useContentSave<HelpView>('help');
  const { form, submit, errorOf, bind, busy } = useApiForm(() => import('@/lib/content/schemas').then((m) => m.helpSchema), {
    defaultValues: {
      locale: article?.locale ?? locale,
      title: article?.title ?? '',
      slug: article?.slug ?? '',
      topic: article?.topic ?? '',
      summary: article?.summary ?? '',
      body: article?.body ?? '',
      published: article?.published ?? false,
    },
    onSubmit: async (values) => {
      const saved = await save.mutateAsync({ id: article?.id, values });
      alerts.push({ type: 'success', title: saved.message });
      onDone(saved.data);
    },
  });
  const title = form.register('title');
  return (
    <EditorShell
      title={article ? t('editHelpTitle') : t('createHelpTitle')}
      dirty={form.formState.isDirty}
      busy={busy}
      isNew={!article}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Controller
        control={form.control}
        name="locale"
        render={({ field }) => <LocaleSelect value={field.value ?? ''} onChange={field.onChange} error={errorOf('locale')} />}
      />
      <TextField
        label={t('titleField')}
        required
        maxLength={TITLE_MAX}
        autoComplete="off"
        registration={{
          ...title,
          // A new article's address and topic start from its title; typed ones are kept.
          onBlur: async (e) => {
            await title.onBlur(e);
            const suggested = slugOf(e.target.value);
            if (article || !suggested) return;
            if (!form.getValues('slug')) form.setValue('slug', suggested, { shouldDirty: true });
            if (!form.getValues('topic')) form.setValue('topic', suggested, { shouldDirty: true });
          },
        }}
        error={errorOf('title')}
        data-testid="content-title"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('slug')}
          required
          maxLength={SLUG_MAX}
          autoComplete="off"
          spellCheck={false}
          hint={t('slugHint')}
          {...bind('slug')}
          data-testid="content-slug"
        />
        <TextField
          label={t('topic')}
          required
          maxLength={SLUG_MAX}
          autoComplete="off"
          spellCheck={false}
          hint={t('topicHint')}
          {...bind('topic')}
          data-testid="content-topic"
        />
      </div>
      <TextField label={t('summary')} maxLength={SUMMARY_MAX} autoComplete="off" hint={t('summaryHint')} {...bind('summary')} data-testid="content-summary" />
      <MarkdownField
        label={t('body')}
        registration={form.register('body')}
        value={form.watch('body') ?? ''}
        error={errorOf('body')}
        maxLength={BODY_MAX}
        rows={16}
        proseClass="prose-content"
        testId="content-body"
      />
      <PublishedBox registration={form.register('published')} />
    </EditorShell>
  );
}
