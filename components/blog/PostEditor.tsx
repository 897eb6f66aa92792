'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import dynamic from 'next/dynamic';
import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { FormSelect } from '@/components/ui/FormSelect';
import { Notice } from '@/components/ui/Notice';
import { dangerButton, primaryButton, secondaryButton } from '@/components/ui/buttons';
import { blogPreviewTabAtom } from '@/lib/blog/atoms';
import { COVER_ALT_MAX, POST_EXCERPT_MAX, POST_SLUG_MAX, POST_TITLE_MAX, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '@/lib/blog/limits';
import { blogKeys, postQuery } from '@/lib/blog/queries';
import type { CategoryView, PostView } from '@/lib/blog/schemas';
import { fromZonedInput, toZonedInput } from '@/lib/blog/zoned';
import { FieldFrame, TextField, selectClass, wiring } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { ApiError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { alerts } from '@/lib/shell/alerts';
import { BodyField } from './BodyField';
import { CategoryChecks } from './CategoryChecks';
import { CoverField } from './CoverField';
import { PreviewPane } from './PreviewPane';
import { StatusBadge } from './StatusBadge';
import { useBlogWrite } from './use-blog-writes';

const ConfirmDialog = dynamic(() => import('@/components/ui/ConfirmDialog').then((m) => m.ConfirmDialog), { ssr: false });

const valuesOf = (p: PostView) => ({
  title: p.title,
  slug: p.slug,
  language: p.language,
  excerpt: p.excerpt,
  body: p.body,
  coverUrl: p.coverUrl,
  coverAlt: p.coverAlt,
  categoryIds: p.categoryIds,
  seoTitle: p.seoTitle,
  seoDescription: p.seoDescription,
  status: p.status,
  publishAt: p.publishAt,
  version: p.version,
});

type Props = { post: PostView; categories: CategoryView[]; timeZone: string; may: { update: boolean; delete: boolean } };

/** The whole post on one page: fields, Markdown with its live preview, status and schedule. */
export function PostEditor({ post, categories, timeZone, may }: Props) {
  const t = useText('blog');
  const ids = useId();
  const locale = useLocale();
  const router = useRouter();
  const client = useQueryClient();
  const write = useBlogWrite();
  const [tab, setTab] = useAtom(blogPreviewTabAtom);
  const [conflict, setConflict] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [current, setCurrent] = useState(post);
  const [publishAtInput, setPublishAtInput] = useState(toZonedInput(post.publishAt, timeZone));

  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/blog/schemas').then((m) => m.postPatchSchema), {
    defaultValues: valuesOf(post),
    onSubmit: async (values) => {
      const saved = await write.mutateAsync({ path: `blog/posts/${post.id}`, method: 'PUT', json: values });
      alerts.push({ type: 'success', title: saved.message });
      setCurrent(saved.post!);
      form.reset(valuesOf(saved.post!));
      setConflict(false);
    },
    // Someone saved in between: say so where the form is, with the way out.
    onFailure: (error) => setConflict(error instanceof ApiError && error.status === 409 && !error.fields.slug),
  });

  const reload = async () => {
    const fresh = await client.fetchQuery({ ...postQuery(post.id), staleTime: 0 });
    setCurrent(fresh);
    form.reset(valuesOf(fresh));
    setPublishAtInput(toZonedInput(fresh.publishAt, timeZone));
    setConflict(false);
  };

  const status = form.watch('status');
  const body = form.watch('body') ?? '';
  const coverUrl = form.watch('coverUrl') ?? null;
  const area = (name: 'excerpt' | 'seoDescription', max: number, rows = 2) => (
    <FieldFrame id={`${ids}-${name}`} label={t(`fields.${name}`)} error={errorOf(name)}>
      <textarea rows={rows} maxLength={max} className={selectClass} {...wiring(`${ids}-${name}`, { error: errorOf(name) })} {...form.register(name)} />
    </FieldFrame>
  );
  const tabButton = (name: 'write' | 'preview', label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={tab === name}
      className={`${tab === name ? primaryButton : secondaryButton} lg:hidden`}
      onClick={() => setTab(name)}
    >
      {label}
    </button>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid="blog-editor">
      <div className="flex flex-wrap items-center gap-2">
        <Link href={pathFor('blogPosts', locale)} className="text-sm text-accent underline">
          ← {t('editor.back')}
        </Link>
        <StatusBadge status={current.status} />
        <span className="text-xs text-muted">{t('editor.version', { version: current.version })}</span>
      </div>
      {conflict && (
        <Notice tone="error" title={t('errors.conflict')}>
          <button type="button" className={secondaryButton} onClick={() => void reload()} data-testid="blog-reload">
            {t('editor.reload')}
          </button>
        </Notice>
      )}
      <fieldset disabled={!may.update} className="space-y-4">
        <TextField
          label={t('fields.title')}
          required
          maxLength={POST_TITLE_MAX}
          registration={form.register('title')}
          error={errorOf('title')}
          data-testid="blog-title"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('fields.slug')}
            required
            maxLength={POST_SLUG_MAX}
            hint={t('fields.slugHint')}
            registration={form.register('slug')}
            error={errorOf('slug')}
            data-testid="blog-slug"
          />
          <FormSelect
            control={form.control}
            name="language"
            label={t('fields.language')}
            error={errorOf('language')}
            options={[
              { value: 'en', label: t('language.en') },
              { value: 'es', label: t('language.es') },
            ]}
            testId="blog-language"
          />
        </div>
        {area('excerpt', POST_EXCERPT_MAX)}
        <div className="flex gap-2" role="tablist">
          {tabButton('write', t('fields.body'))}
          {tabButton('preview', t('editor.preview'))}
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className={tab === 'write' ? '' : 'hidden lg:block'}>
            <BodyField
              id={`${ids}-body`}
              label={t('fields.body')}
              registration={form.register('body')}
              error={errorOf('body')}
              body={body}
              onChange={(next) => form.setValue('body', next, { shouldDirty: true })}
            />
          </div>
          <section
            aria-label={t('editor.preview')}
            className={`rounded-control border border-line bg-surface p-4 ${tab === 'preview' ? '' : 'hidden lg:block'}`}
          >
            <h2 className="mb-2 text-sm font-semibold text-muted">{t('editor.preview')}</h2>
            <PreviewPane body={body} />
          </section>
        </div>
        <CoverField url={coverUrl} onChange={(url) => form.setValue('coverUrl', url, { shouldDirty: true })} error={errorOf('coverUrl')} />
        <TextField
          label={t('fields.coverAlt')}
          maxLength={COVER_ALT_MAX}
          registration={form.register('coverAlt')}
          error={errorOf('coverAlt')}
          data-testid="blog-cover-alt"
        />
        <CategoryChecks categories={categories} registration={form.register('categoryIds')} error={errorOf('categoryIds')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('fields.seoTitle')} maxLength={SEO_TITLE_MAX} registration={form.register('seoTitle')} error={errorOf('seoTitle')} />
          {area('seoDescription', SEO_DESCRIPTION_MAX)}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormSelect
            control={form.control}
            name="status"
            label={t('fields.status')}
            error={errorOf('status')}
            options={(['draft', 'scheduled', 'published'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
            testId="blog-status-select"
          />
          {status === 'scheduled' && (
            <FieldFrame id={`${ids}-publishAt`} label={t('fields.publishAt', { timeZone })} error={errorOf('publishAt')}>
              <input
                type="datetime-local"
                className={selectClass}
                value={publishAtInput}
                {...wiring(`${ids}-publishAt`, { error: errorOf('publishAt') })}
                onChange={(e) => {
                  setPublishAtInput(e.target.value);
                  form.setValue('publishAt', fromZonedInput(e.target.value, timeZone), { shouldDirty: true });
                }}
                data-testid="blog-publish-at"
              />
            </FieldFrame>
          )}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        {may.update && (
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined} data-testid="blog-save">
            {busy ? t('editor.saving') : t('editor.save')}
          </button>
        )}
        {may.delete && (
          <button type="button" className={dangerButton} onClick={() => setDeleting(true)}>
            {t('editor.delete')}
          </button>
        )}
      </div>
      {deleting && (
        <ConfirmDialog
          title={t('editor.delete')}
          text={t('editor.deleteConfirm', { title: current.title })}
          confirmLabel={t('editor.delete')}
          cancelLabel={t('editor.cancel')}
          onConfirm={async () => {
            const res = await write.mutateAsync({ path: `blog/posts/${post.id}`, method: 'DELETE' }).catch(() => null);
            if (!res) return false;
            alerts.push({ type: 'success', title: res.message });
            client.removeQueries({ queryKey: blogKeys.post(post.id) });
            router.push(pathFor('blogPosts', locale));
            return true;
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </form>
  );
}
