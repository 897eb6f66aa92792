'use client';

/**
 * A search box that filters a list as one types, named by `label` for assistive technology.
 * Enter does nothing, so inside a form it never submits it. `className` sizes it.
 */
export function SearchInput({
  label,
  placeholder = label,
  value,
  onChange,
  className = '',
  testId,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  testId?: string;
}) {
  return (
    <input
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
      aria-label={label}
      placeholder={placeholder}
      className={`rounded-control border border-line bg-surface px-3 text-sm focus-visible:border-accent ${className}`}
      data-testid={testId}
    />
  );
}
