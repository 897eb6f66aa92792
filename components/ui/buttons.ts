// The button looks of dialogs and the pages that open them.
const BUTTON = 'rounded-md px-4 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton = `${BUTTON} border-line hover:bg-surface-2 border`;
export const primaryButton = `${BUTTON} bg-primary hover:bg-primary-shade text-white`;
export const dangerButton = `${BUTTON} bg-red-700 text-white hover:bg-red-800`;
/** An action in a table row. */
export const rowButton = 'border-line hover:bg-surface-2 rounded-md border px-2.5 py-1 text-xs font-medium';
