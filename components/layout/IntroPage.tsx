import type { ReactNode } from 'react';

/** A page heading with its lead paragraph, for the simple public pages. */
export function IntroPage({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-md py-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted mt-2">{lead}</p>
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}
