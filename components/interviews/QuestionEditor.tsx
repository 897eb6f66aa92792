'use client';

import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useQuery } from '@tanstack/react-query';
import { atom, useAtom } from 'jotai';
import { Link } from '@/components/ui/Link';
import { useMemo, useState } from 'react';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { ApiError, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { interviewPreviewTabAtom } from '@/lib/interviews/atoms';
import { QUESTIONS_MAX } from '@/lib/interviews/limits';
import { interviewQuery } from '@/lib/interviews/queries';
import { newQuestionId, type Question } from '@/lib/interviews/questions';
import type { InterviewView } from '@/lib/interviews/schemas';
import { pathFor } from '@/lib/routes/match';
import { alerts } from '@/lib/shell/alerts';
import { translateToken } from '@/lib/validation/messages';
import { QuestionCard } from './QuestionCard';
import { QuestionPreview } from './QuestionPreview';
import { useInterviewWrite } from './use-interview-writes';

/** Field errors `questions.<i>.<field>` grouped per question index. */
function byQuestion(fields: Record<string, string>): Record<number, Record<string, string>> {
  const out: Record<number, Record<string, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const m = /^questions\.(\d+)\.(.+)$/.exec(path);
    if (m) (out[Number(m[1])] ??= {})[m[2]] = message;
  }
  return out;
}

/**
 * The ordered questions of one interview. Drag a handle, or focus it and press space, the
 * arrow keys and space again; Move up/down do the same in one press. Saving sends the whole
 * list; on a published interview the server freezes it as a new version.
 */
export function QuestionEditor({ interview: initial, editable }: { interview: InterviewView; editable: boolean }) {
  const t = useText('interviews');
  const tv = useText('validation');
  const te = useText('errors');
  const locale = useLocale();
  const { data: interview } = useQuery({ ...interviewQuery(initial.id), initialData: initial });
  // The working list lives in an atom of this editor's own: client state, not server data.
  const draftAtom = useMemo(() => atom<Question[]>(initial.questions), [initial.questions]);
  const [questions, setQuestions] = useAtom(draftAtom);
  const [errors, setErrors] = useState<Record<number, Record<string, string>>>({});
  const [announcement, setAnnouncement] = useState('');
  const [dirty, setDirty] = useState(false);
  const write = useInterviewWrite();
  const [tab, setTab] = useAtom(interviewPreviewTabAtom);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const update = (next: Question[]) => {
    setQuestions(next);
    setDirty(true);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= questions.length || from === to) return;
    update(arrayMove(questions, from, to));
    setErrors({});
    setAnnouncement(t('editor.moved', { from: from + 1, to: to + 1 }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      questions.findIndex((q) => q.id === active.id),
      questions.findIndex((q) => q.id === over.id),
    );
  };
  const tabButton = (name: 'edit' | 'preview', label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={tab === name}
      className={tab === name ? primaryButton : secondaryButton}
      onClick={() => setTab(name)}
      data-testid={`interview-tab-${name}`}
    >
      {label}
    </button>
  );
  const add = () => update([...questions, { id: newQuestionId(), type: 'short', title: '', help: '', required: false, skip: [] }]);

  const save = async () => {
    try {
      // Blank option lines are the editor's, not the interview's.
      const clean = questions.map((q) => ('options' in q ? { ...q, options: q.options.map((o) => o.trim()).filter(Boolean) } : q));
      const res = await write.mutateAsync({ path: `interviews/${interview.id}/questions`, method: 'PUT', json: { questions: clean } });
      setQuestions(res.interview!.questions);
      setErrors({});
      setDirty(false);
      alerts.push({ type: 'success', title: res.message });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        setErrors(byQuestion(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translateToken(v, tv)]))));
      showError(error, te);
    }
  };

  return (
    <div className="space-y-4">
      <Link href={pathFor('interviews', locale)} className="text-sm text-accent">
        ← {t('editor.back')}
      </Link>
      <h1 className="text-2xl font-bold">{t('editor.title', { title: interview.title })}</h1>
      {interview.status === 'published' && editable && (
        <p className="rounded-control border border-line bg-surface-2 p-3 text-sm">{t('editor.publishedNote', { next: interview.version + 1 })}</p>
      )}
      <p className="sr-only" id="dnd-instructions">
        {t('editor.dndInstructions')}
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div className="flex gap-2 lg:hidden" role="tablist" aria-label={t('preview.tabs')}>
        {tabButton('edit', t('preview.editTab'))}
        {tabButton('preview', t('preview.title'))}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className={`space-y-4 ${tab === 'edit' ? '' : 'hidden lg:block'}`}>
          {questions.length === 0 && <p className="text-muted">{t('editor.empty')}</p>}
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ screenReaderInstructions: { draggable: t('editor.dndInstructions') } }}
          >
            <SortableContext items={questions.map((q) => q.id)} strategy={verticalListSortingStrategy}>
              <ol className="space-y-3" data-testid="questions">
                {questions.map((q, i) => (
                  <QuestionCard
                    key={q.id}
                    question={q}
                    index={i}
                    count={questions.length}
                    later={questions.slice(i + 1)}
                    errors={errors[i] ?? {}}
                    editable={editable}
                    onChange={(next) => update(questions.map((x, j) => (j === i ? next : x)))}
                    onRemove={() => update(questions.filter((_, j) => j !== i))}
                    onMove={(delta) => move(i, i + delta)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
          {editable && (
            <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-line bg-surface py-3">
              <button type="button" className={secondaryButton} onClick={add} disabled={questions.length >= QUESTIONS_MAX} data-testid="question-add">
                {t('editor.add')}
              </button>
              <button type="button" className={primaryButton} onClick={save} disabled={write.isPending} data-testid="questions-save">
                {t('editor.save')}
              </button>
              {dirty && <span className="text-sm text-muted">{t('editor.unsaved')}</span>}
            </div>
          )}
        </div>
        <section
          aria-labelledby="interview-preview-title"
          className={`self-start rounded-card border border-line bg-surface-2 p-4 lg:sticky lg:top-4 ${tab === 'preview' ? '' : 'hidden lg:block'}`}
        >
          <h2 id="interview-preview-title" className="mb-3 font-semibold">
            {t('preview.title')}
          </h2>
          <QuestionPreview questions={questions} />
        </section>
      </div>
    </div>
  );
}
