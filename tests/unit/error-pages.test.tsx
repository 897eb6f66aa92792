// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import RenderError from '@/app/[locale]/error';
import { TextProvider } from '@/lib/i18n/client';

const messages = { errors: { serverTitle: 'Something went wrong', serverDescription: 'Try again.', backHome: 'Back home', retry: 'Retry' } };

// The browser's view of the session call: who is looking decides where "back home" leads.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderError() {
  render(
    <TextProvider locale="en" messages={messages}>
      <RenderError error={Object.assign(new Error('boom'), { digest: 'd1' })} reset={() => {}} />
    </TextProvider>,
  );
  return screen.getByTestId('error-home');
}

describe('the render-error page', () => {
  it('leads back to the dashboard when a project is active', async () => {
    server.use(
      http.post('http://localhost:3000/api/auth/session', () => HttpResponse.json({ user: { id: 'u' }, project: { id: 'p' }, projectProfile: { id: 'pp' } })),
    );
    const home = renderError();
    await waitFor(() => expect(home.getAttribute('href')).toBe('/dashboard'));
    expect(screen.getByTestId('error-message').textContent).toBe('boom (d1)');
  });

  it('leads to the public home without a project', async () => {
    let asked = false;
    server.use(
      http.post('http://localhost:3000/api/auth/session', () => {
        asked = true;
        return HttpResponse.json({ user: { id: 'u' }, project: null, projectProfile: null });
      }),
    );
    const home = renderError();
    await waitFor(() => expect(asked).toBe(true));
    expect(home.getAttribute('href')).toBe('/');
  });

  it('leads to the public home when signed out', async () => {
    server.use(http.post('http://localhost:3000/api/auth/session', () => HttpResponse.json({ message: 'Sign in' }, { status: 401 })));
    const home = renderError();
    await new Promise((r) => setTimeout(r, 20));
    expect(home.getAttribute('href')).toBe('/');
  });
});
