import type { AriaAttributes, Ref } from 'react';

/** `group`: consecutive options with the same group are shown under it as a heading. */
export type SelectOption = { value: string; label: string; disabled?: boolean; group?: string };

export type SelectProps = {
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Shown while nothing is chosen (value ''), unless an option stands for ''. */
  placeholder?: string;
  /** For a `<label htmlFor>`; else give `aria-label`. */
  id?: string;
  disabled?: boolean;
  /** Smaller, for filters in a toolbar. */
  compact?: boolean;
  /** Its width (full by default). */
  className?: string;
  testId?: string;
  /** Called when the list closes, as a field's blur. */
  onBlur?: () => void;
  /** The trigger, for focusing it (react-hook-form's `setFocus`). */
  ref?: Ref<HTMLButtonElement>;
} & Pick<AriaAttributes, 'aria-label' | 'aria-labelledby' | 'aria-invalid' | 'aria-describedby' | 'aria-required'>;

export const selectTrigger =
  'border-line bg-surface inline-flex items-center justify-between gap-2 rounded-control border text-left text-sm aria-[invalid=true]:border-red-600 focus-visible:border-accent disabled:opacity-60 data-[placeholder]:text-muted';
