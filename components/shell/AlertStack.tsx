'use client';

import { useAtomValue } from 'jotai';
import { useText } from '@/lib/i18n/client';
import { alerts, type Alert, type AlertType } from '@/lib/shell/alerts';

const TONES: Record<AlertType, string> = {
  success: 'bg-emerald-700 text-white',
  info: 'bg-sky-700 text-white',
  warning: 'bg-amber-500 text-black',
  error: 'bg-red-700 text-white',
};
const ICONS: Record<AlertType, string> = { success: '✓', info: 'i', warning: '!', error: '×' };

function AlertItem({ alert, closeLabel }: { alert: Alert; closeLabel: string }) {
  const outlined = alert.variant === 'outlined';
  return (
    <div
      role={alert.type === 'error' ? 'alert' : 'status'}
      data-alert-type={alert.type}
      className={`pointer-events-auto flex items-start gap-3 rounded-control px-3 py-2 text-sm shadow-overlay ${
        outlined ? 'border-2 border-current bg-surface text-ink' : TONES[alert.type]
      }`}
    >
      <span aria-hidden="true" className="mt-0.5 inline-grid size-5 shrink-0 place-items-center rounded-full border border-current text-xs font-bold">
        {alert.icon ?? ICONS[alert.type]}
      </span>
      <div className="min-w-0 flex-1">
        {alert.title && <p className="font-semibold">{alert.title}</p>}
        {alert.text && <p className="break-words">{alert.text}</p>}
      </div>
      <button
        type="button"
        onClick={() => alerts.close(alert.id)}
        aria-label={closeLabel}
        className="-mr-1 rounded px-1.5 text-lg leading-none hover:bg-black/15"
      >
        ×
      </button>
    </div>
  );
}

/** The global alert stack: bottom right, 30% wide from 960 px, full width below. */
export function AlertStack() {
  const list = useAtomValue(alerts.store.atom);
  const t = useText('shell');
  return (
    <div aria-live="polite" className="pointer-events-none fixed right-0 bottom-0 z-[2500] flex w-full flex-col gap-2 p-3 md:w-[30%]">
      {list.map((alert) => (
        <AlertItem key={alert.id} alert={alert} closeLabel={t('close')} />
      ))}
    </div>
  );
}
