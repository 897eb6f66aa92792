import type { ReactNode } from 'react';

/** The frame of the sign-in, register and password pages: heading, lead and the form. */
export function AuthCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md py-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {lead && <p className="mt-2 text-muted">{lead}</p>}
      <div className="mt-6 rounded-card border border-line bg-surface p-5 shadow-card sm:p-6">{children}</div>
    </div>
  );
}
