import type { ReactNode } from 'react';

const TONES = {
  success: 'border-emerald-600/40 bg-emerald-600/10',
  error: 'border-red-600/40 bg-red-600/10',
  info: 'border-sky-600/40 bg-sky-600/10',
} as const;

/** A result shown in place of a form: what happened and where to go next. */
export function Notice({ tone, title, text, children }: { tone: keyof typeof TONES; title: string; text?: string; children?: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-control border p-4 ${TONES[tone]}`} data-testid={`notice-${tone}`}>
      <p className="font-semibold">{title}</p>
      {text && <p className="mt-1 text-sm">{text}</p>}
      {children && <div className="mt-3 text-sm">{children}</div>}
    </div>
  );
}
