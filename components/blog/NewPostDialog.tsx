'use client';

import { useRouter } from 'next/navigation';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FormSelect } from '@/components/ui/FormSelect';
import { POST_SLUG_MAX, POST_TITLE_MAX } from '@/lib/blog/limits';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { alerts } from '@/lib/shell/alerts';
import { useBlogWrite } from './use-blog-writes';

/** A new draft from its title, address and language; the editor opens on it. */
export function NewPostDialog({ onClose }: { onClose: () => void }) {
  const t = useText('blog');
  const locale = useLocale();
  const router = useRouter();
  const write = useBlogWrite();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/blog/schemas').then((m) => m.postSchema), {
    defaultValues: { title: '', slug: '', language: locale === 'es' ? 'es' : 'en' },
    onSubmit: async (values) => {
      const saved = await write.mutateAsync({ path: 'blog/posts', method: 'POST', json: values });
      alerts.push({ type: 'success', title: saved.message });
      router.push(pathFor('blogPost', locale, { id: saved.post!.id }));
    },
  });
  return (
    <Dialog title={t('newPost.title')} onClose={onClose} busy={busy} testId="blog-new-dialog">
      <form onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 px-5 py-4">
          <TextField
            label={t('fields.title')}
            required
            maxLength={POST_TITLE_MAX}
            registration={form.register('title')}
            error={errorOf('title')}
            data-testid="blog-title"
          />
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
        <DialogActions onCancel={onClose} cancelLabel={t('editor.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('newPost.create')} busyLabel={t('editor.saving')} testId="blog-create" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
