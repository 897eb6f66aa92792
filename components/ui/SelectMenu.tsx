'use client';

import * as RadixSelect from '@radix-ui/react-select';
import { SelectChevron } from './SelectChevron';
import { selectTrigger, type SelectOption, type SelectProps } from './select-props';

export type Props = SelectProps & {
  /** Mounted by Select in place of its plain button, already open. */
  defaultOpen?: boolean;
};

// Radix reserves '' for "nothing chosen": an option that means '' (such as "All") goes by this instead.
const NONE = '\u0000none';
const inner = (value: string) => (value === '' ? NONE : value);

/** Runs of consecutive options sharing a group (or none). */
function groupsOf(options: readonly SelectOption[]) {
  const runs: { group?: string; items: SelectOption[] }[] = [];
  for (const o of options) {
    const last = runs.at(-1);
    if (last && last.group === o.group) last.items.push(o);
    else runs.push({ group: o.group, items: [o] });
  }
  return runs;
}

function item(o: SelectOption) {
  return (
    <RadixSelect.Item
      key={o.value}
      value={inner(o.value)}
      disabled={o.disabled}
      className="relative flex cursor-default items-center rounded py-1.5 pr-8 pl-2 text-sm outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-surface-2 data-[state=checked]:font-medium"
    >
      <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
      <RadixSelect.ItemIndicator className="absolute right-2 text-accent">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
        </svg>
      </RadixSelect.ItemIndicator>
    </RadixSelect.Item>
  );
}

/**
 * The select on Radix: a button that opens a listbox, typed-ahead and moved through with the
 * keyboard, closed with Escape, usable inside dialogs. Loaded by Select (Select.tsx).
 */
export default function SelectMenu({
  value,
  onChange,
  options,
  placeholder,
  id,
  disabled,
  compact = false,
  className = 'w-full',
  testId,
  onBlur,
  ref,
  defaultOpen,
  ...aria
}: Props) {
  const hasNone = options.some((o) => o.value === '');
  return (
    <RadixSelect.Root
      defaultOpen={defaultOpen}
      value={value === '' && !hasNone ? '' : inner(value)}
      onValueChange={(next) => onChange(next === NONE ? '' : next)}
      onOpenChange={(open) => !open && onBlur?.()}
      disabled={disabled}
    >
      <RadixSelect.Trigger ref={ref} id={id} className={`${selectTrigger} ${compact ? 'px-2 py-1' : 'px-3 py-2'} ${className}`} data-testid={testId} {...aria}>
        <span className="truncate">
          <RadixSelect.Value placeholder={placeholder} />
        </span>
        <RadixSelect.Icon className="shrink-0 text-muted">
          <SelectChevron />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-[60] max-h-[min(20rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-control border border-line bg-surface text-ink shadow-overlay"
        >
          <RadixSelect.Viewport className="p-1">
            {groupsOf(options).map(({ group, items }, i) =>
              group ? (
                <RadixSelect.Group key={`${group}-${i}`}>
                  <RadixSelect.Label className="px-2 pt-2 pb-1 text-xs font-semibold text-muted">{group}</RadixSelect.Label>
                  {items.map(item)}
                </RadixSelect.Group>
              ) : (
                items.map(item)
              ),
            )}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
