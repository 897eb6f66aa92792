export type ErrorPageProps = {
  status: number;
  title: string;
  description?: string;
  message?: string;
  homeHref: string;
  homeLabel: string;
  action?: React.ReactNode;
};

/** Status, message and the way back home; shared by 404, 403, 401 and render errors. */
export function ErrorPage({ status, title, description, message, homeHref, homeLabel, action }: ErrorPageProps) {
  return (
    <main id="main" className="grid min-h-dvh place-items-center px-4 py-16" data-testid="error-page">
      <div className="max-w-lg text-center">
        <p className="text-6xl font-bold text-accent tabular-nums" data-testid="error-status">
          {status}
        </p>
        <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
        {description && <p className="mt-2 text-muted">{description}</p>}
        {message && (
          <p className="mt-4 rounded-control bg-surface-2 px-3 py-2 font-mono text-sm break-all" data-testid="error-message">
            {message}
          </p>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {action}
          {/* A full load on purpose: leaving an error page should start from a clean state. */}
          <a href={homeHref} className="rounded-control bg-primary px-4 py-2 font-medium text-white hover:bg-primary-shade" data-testid="error-home">
            {homeLabel}
          </a>
        </div>
      </div>
    </main>
  );
}
