// The requests pages' keyboard shortcuts, as pure logic: which key means what, and when a
// key belongs to what the person is typing instead.

export const SHORTCUTS = ['next', 'previous', 'open', 'reply', 'note', 'assign', 'help'] as const;
export type Shortcut = (typeof SHORTCUTS)[number];

/** The key that sets each shortcut off, as the help sheet shows it. */
export const SHORTCUT_KEYS: Record<Shortcut, string> = { next: 'j', previous: 'k', open: 'Enter', reply: 'r', note: 'n', assign: 'a', help: '?' };

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'isComposing'> & { target: EventTarget | null };

// Inputs that take no text: a key pressed on them is not typing (the list's checkboxes).
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image']);

/** Whether the key is going into a field: a text input, a textarea, a select or anything editable. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el.tagName === 'INPUT' && NOT_TEXT.has((el as HTMLInputElement).type) && !el.closest('[role="dialog"]')) return false;
  // Inside a dialog or a menu the keys are that widget's own.
  return Boolean(el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="menu"], [role="listbox"]'));
}

/**
 * The shortcut a key press means, or null: never while typing, never with Ctrl, Cmd or Alt
 * (the browser's and the system's own), and never for a press something else already took.
 * Enter only counts on the page itself, so a focused link or button keeps its own Enter.
 */
export function shortcutOf(event: KeyLike): Shortcut | null {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTyping(event.target)) return null;
  if (event.key === 'Enter') {
    const el = event.target as HTMLElement | null;
    const onPage = !el || el.tagName === 'BODY' || el.tagName === 'HTML' || el.tagName === 'MAIN' || el.hasAttribute?.('data-shortcut-row');
    return onPage ? 'open' : null;
  }
  const found = (Object.entries(SHORTCUT_KEYS) as [Shortcut, string][]).find(([, key]) => key === event.key);
  return found && found[0] !== 'open' ? found[0] : null;
}

/** The selection after `next` or `previous` on a list of `length` rows; -1 is none yet. */
export function moveSelection(current: number, length: number, direction: 'next' | 'previous'): number {
  if (length === 0) return -1;
  if (current < 0) return direction === 'next' ? 0 : length - 1;
  return direction === 'next' ? Math.min(current + 1, length - 1) : Math.max(current - 1, 0);
}
