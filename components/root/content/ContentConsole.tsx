'use client';

import { useEffect, useRef, useState } from 'react';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import type { ContentKind, FaqView, HelpView } from '@/lib/content/schemas';
import { useText } from '@/lib/i18n/client';
import { locales, type Locale } from '@/lib/i18n/locales';
import { ContentList, titleOf, type ContentItem, type FocusRequest } from './ContentList';
import { DeleteContentDialog } from './DeleteContentDialog';
import { FaqForm } from './FaqForm';
import { HelpForm } from './HelpForm';
import { Tabs, panelId, tabId } from './Tabs';
import { useContentList } from './use-content-list';

const TABS_BASE = 'content-kind';
/** A focus request for the New button rather than a row. */
const NEW = 'new';

/**
 * The root's editor of the public content: FAQ or help articles, in one language at a
 * time, listed in the site's order. New and Edit replace the list with a form.
 */
export function ContentConsole({ initialLocale, initialFaq }: { initialLocale: Locale; initialFaq: FaqView[] }) {
  const t = useText('rootContent');
  const [kind, setKind] = useState<ContentKind>('faq');
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const list = useContentList(kind, locale, { locale: initialLocale, items: initialFaq });
  const [editing, setEditing] = useState<{ item: ContentItem | null } | null>(null);
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const [focus, setFocus] = useState<FocusRequest>(null);
  const [announcement, setAnnouncement] = useState('');
  const newButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!editing && focus?.id === NEW) newButton.current?.focus();
  }, [editing, focus]);

  function move(index: number, delta: -1 | 1) {
    const moved = list.move(index, delta);
    if (!moved || !list.items) return;
    setFocus({ id: moved.id, control: delta < 0 ? 'up' : 'down' });
    setAnnouncement(t('moved', { title: titleOf(moved), position: index + delta + 1, count: list.items.length }));
  }

  function toggle(item: ContentItem) {
    list.toggle(item).then(
      ({ data }) => setAnnouncement(`${titleOf(data)}: ${data.published ? t('published') : t('draft')}`),
      // The alert already said why.
      () => undefined,
    );
  }

  /** Back from the editor: the list of the saved entry's language, its Edit button focused. */
  function saved(item: FaqView | HelpView) {
    setEditing(null);
    setLocale(item.locale);
    setFocus({ id: item.id, control: 'edit' });
  }

  if (editing) {
    const close = () => {
      setEditing(null);
      setFocus({ id: editing.item?.id ?? NEW, control: 'edit' });
    };
    return kind === 'faq' ? (
      <FaqForm entry={editing.item as FaqView | null} locale={locale} onDone={saved} onCancel={close} />
    ) : (
      <HelpForm article={editing.item as HelpView | null} locale={locale} onDone={saved} onCancel={close} />
    );
  }

  const kindLabel = t(kind);
  return (
    <div className="space-y-4">
      <Tabs
        base={TABS_BASE}
        label={t('kinds')}
        selected={kind}
        onSelect={(k) => {
          setKind(k);
          setFocus(null);
        }}
        tabs={[
          { id: 'faq', label: t('faq'), testId: 'content-tab-faq' },
          { id: 'help', label: t('help'), testId: 'content-tab-help' },
        ]}
      />
      <div id={panelId(TABS_BASE)} role="tabpanel" aria-labelledby={tabId(TABS_BASE, kind)} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div role="group" aria-label={t('language')} className="inline-flex overflow-hidden rounded-control border border-line">
            {locales.map((l) => (
              <button
                key={l}
                type="button"
                lang={l}
                aria-pressed={l === locale}
                onClick={() => {
                  setLocale(l);
                  setFocus(null);
                }}
                className={`px-3 py-1.5 text-sm font-medium ${l === locale ? 'bg-primary text-white' : 'hover:bg-surface-2'}`}
                data-testid={`content-locale-${l}`}
              >
                {t(l)}
              </button>
            ))}
          </div>
          <button ref={newButton} type="button" onClick={() => setEditing({ item: null })} className={primaryButton} data-testid="content-new">
            {kind === 'faq' ? t('newFaq') : t('newHelp')}
          </button>
        </div>
        <div aria-busy={!list.items || undefined}>
          {list.items ? (
            list.items.length === 0 ? (
              <p className="py-6 text-muted">{t('empty')}</p>
            ) : (
              <ContentList
                kind={kind}
                label={t('listLabel', { kind: kindLabel, language: t(locale) })}
                items={list.items}
                toggling={list.toggling}
                focus={focus}
                onMove={move}
                onToggle={toggle}
                onEdit={(item) => setEditing({ item })}
                onDelete={setDeleting}
              />
            )
          ) : list.status === 'failed' ? (
            <p className="py-6 text-muted">
              {t('loadFailed')}{' '}
              <button type="button" onClick={list.retry} className={secondaryButton}>
                {t('retry')}
              </button>
            </p>
          ) : (
            <p className="py-6 text-muted">{t('loading')}</p>
          )}
        </div>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {deleting && <DeleteContentDialog kind={kind} item={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />}
    </div>
  );
}
