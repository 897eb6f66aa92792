// The bell in the app bar, the same before and after its panel's chunk is loaded.
export const BELL_TRIGGER = 'relative grid size-9 place-items-center rounded-control hover:bg-surface-2';

export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2ZM10 20a2 2 0 0 0 4 0" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white"
          data-testid="notification-count"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </>
  );
}
