import type { ReactNode } from 'react';

/** The frame of the sign-in, register and password pages: heading, lead and the form. */
export function AuthCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md py-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {lead && <p className="text-muted mt-2">{lead}</p>}
      <div className="border-line bg-surface mt-6 rounded-lg border p-5 shadow-sm sm:p-6">{children}</div>
    </div>
  );
}
