// The button looks of dialogs and the pages that open them. Inline-block, so a link or a
// label wearing them takes its padding into the layout instead of spilling over its neighbours.
const BUTTON = 'inline-block rounded-control px-4 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton = `${BUTTON} border-line hover:bg-surface-2 border`;
export const primaryButton = `${BUTTON} bg-primary hover:bg-primary-shade text-white`;
export const dangerButton = `${BUTTON} bg-red-700 text-white hover:bg-red-800`;
/** An action in a table row. */
export const rowButton = 'border-line hover:bg-surface-2 rounded-control border px-2.5 py-1 text-xs font-medium';
/** A checkbox drawn as a switch (`<input type="checkbox" role="switch">`). */
export const switchInput =
  'border-line bg-surface-2 checked:border-accent checked:bg-primary focus-visible:outline-accent relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full border transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-4.5 before:rounded-full before:bg-white before:shadow-card before:transition-transform checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';
/**
 * A filter chip (a link or a pressed button): the chosen one in the primary colour, whose
 * white text keeps 4.5:1 in both themes (the accent is too light for it in the dark one).
 */
export const chipClass = (on: boolean) =>
  `rounded-full border px-3 py-1 text-sm ${on ? 'border-transparent bg-primary text-white' : 'border-line text-muted hover:border-accent hover:text-ink'}`;
/** One of a page's views on the line under them (a link with aria-current, or a pressed button). */
export const tabClass = (on: boolean) =>
  `-mb-px border-b-2 px-3 py-2 text-sm ${on ? 'border-accent font-medium text-accent' : 'border-transparent text-muted'}`;
