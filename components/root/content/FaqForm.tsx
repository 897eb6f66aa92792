'use client';

import { TextField } from '@/lib/forms/fields';
import { Controller } from 'react-hook-form';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import type { Locale } from '@/lib/i18n/locales';
import { ANSWER_MAX, QUESTION_MAX, type FaqView } from '@/lib/content/schemas';
import { alerts } from '@/lib/shell/alerts';
import { EditorShell, LocaleSelect, PublishedBox } from './EditorShell';
import { MarkdownField } from './MarkdownField';
import { useContentSave } from './use-content-list';

/** Creates a FAQ entry (`entry` null, in `locale`) or edits one. */
export function FaqForm({
  entry,
  locale,
  onDone,
  onCancel,
}: {
  entry: FaqView | null;
  locale: Locale;
  onDone: (saved: FaqView) => void;
  onCancel: () => void;
}) {
  const t = useText('rootContent');
  const save = useContentSave<FaqView>('faq');
  const { form, submit, errorOf, bind, busy } = useApiForm(() => import('@/lib/content/schemas').then((m) => m.faqSchema), {
    defaultValues: { locale: entry?.locale ?? locale, question: entry?.question ?? '', answer: entry?.answer ?? '', published: entry?.published ?? false },
    onSubmit: async (values) => {
      const saved = await save.mutateAsync({ id: entry?.id, values });
      alerts.push({ type: 'success', title: saved.message });
      onDone(saved.data);
    },
  });
  return (
    <EditorShell
      title={entry ? t('editFaqTitle') : t('createFaqTitle')}
      dirty={form.formState.isDirty}
      busy={busy}
      isNew={!entry}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Controller
        control={form.control}
        name="locale"
        render={({ field }) => <LocaleSelect value={field.value ?? ''} onChange={field.onChange} error={errorOf('locale')} />}
      />
      <TextField label={t('question')} required maxLength={QUESTION_MAX} autoComplete="off" {...bind('question')} data-testid="content-question" />
      <MarkdownField
        label={t('answer')}
        registration={form.register('answer')}
        value={form.watch('answer') ?? ''}
        error={errorOf('answer')}
        maxLength={ANSWER_MAX}
        proseClass="prose-content text-muted"
        testId="content-answer"
      />
      <PublishedBox registration={form.register('published')} />
    </EditorShell>
  );
}
