// A test invoice says so wherever it is listed or shown: the word, with colour as a second cue.
export function TestBadge({ label }: { label: string }) {
  return (
    <span
      className="inline-block rounded-full border border-violet-600 px-2 py-0.5 text-xs font-medium text-violet-800 dark:text-violet-300"
      data-testid="invoice-test"
    >
      {label}
    </span>
  );
}
