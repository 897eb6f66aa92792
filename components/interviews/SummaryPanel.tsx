'use client';

import { useText } from '@/lib/i18n/client';
import { skipValues, type Question } from '@/lib/interviews/questions';
import type { QuestionSummary } from '@/lib/interviews/schemas';

/** Counts as labelled bars (the numbers are text, the bars only illustrate them). */
function Bars({ counts, order }: { counts: Record<string, number>; order: string[] }) {
  const keys = [...order, ...Object.keys(counts).filter((k) => !order.includes(k))];
  const max = Math.max(1, ...Object.values(counts));
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {keys.map((k) => (
        <li key={k} className="grid grid-cols-[minmax(3rem,8rem)_1fr_3rem] items-center gap-2">
          <span className="truncate">{k}</span>
          <span className="h-3 rounded bg-surface-2" aria-hidden="true">
            <span className="block h-3 rounded bg-primary" style={{ width: `${((counts[k] ?? 0) / max) * 100}%` }} />
          </span>
          <span className="text-right tabular-nums">{counts[k] ?? 0}</span>
        </li>
      ))}
    </ul>
  );
}

/** Per question: how many answered, value counts for choices and scales, averages and NPS, the newest free-text answers. */
export function SummaryPanel({ questions, summary }: { questions: Question[]; summary: QuestionSummary[] }) {
  const t = useText('interviews');
  const by = new Map(summary.map((s) => [s.id, s]));
  return (
    <ol className="grid gap-4 md:grid-cols-2" data-testid="summary">
      {questions.map((q, i) => {
        const s = by.get(q.id);
        return (
          <li key={q.id} className="rounded-card border border-line bg-surface p-4">
            <p className="font-medium">
              {i + 1}. {q.title}
            </p>
            <p className="text-xs text-muted">
              {t(`types.${q.type}`)} · {t('responses.answered', { count: s?.answered ?? 0 })}
              {s?.average != null && ` · ${t('responses.average', { value: s.average })}`}
              {s?.nps != null && ` · ${t('responses.nps', { value: s.nps })}`}
            </p>
            {s?.counts && <Bars counts={s.counts} order={skipValues(q)} />}
            {s?.latest && s.latest.length > 0 && (
              <>
                <p className="mt-2 text-xs font-medium text-muted">{t('responses.latest', { count: s.latest.length })}</p>
                <ul className="mt-1 space-y-1 text-sm" data-testid="summary-latest">
                  {s.latest.map((text, n) => (
                    <li key={n} className="line-clamp-3 rounded bg-surface-2 px-2 py-1 break-words whitespace-pre-line">
                      {text}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
