import type { LucideIcon } from 'lucide-react';
import { primaryButton } from './buttons';

type Props = {
  icon: LucideIcon;
  /** One sentence: what would be here and why it is not yet. */
  text: string;
  /**
   * A way out the page does not already offer, such as clearing a search or filters. Never
   * the page's own create button: that one stays in the page's header, and a second copy
   * here put two identical buttons on one screen.
   */
  action?: { label: string; onClick: () => void; testId?: string };
  testId?: string;
  compact?: boolean;
};

/** What an empty list shows: an icon, a sentence and the first action. */
export function EmptyState({ icon: Icon, text, action, testId = 'empty-state', compact = false }: Props) {
  return (
    <div
      className={`flex flex-col items-center gap-3 rounded-card border border-dashed border-line text-center ${compact ? 'p-4' : 'px-4 py-10'}`}
      data-testid={testId}
    >
      <span className="grid size-12 place-items-center rounded-full bg-surface-2 text-muted" aria-hidden="true">
        <Icon className="size-6" />
      </span>
      <p className="max-w-sm text-sm text-muted">{text}</p>
      {action && (
        <button type="button" className={primaryButton} onClick={action.onClick} data-testid={action.testId}>
          {action.label}
        </button>
      )}
    </div>
  );
}
