// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeaderAuthLink } from '@/components/layout/HeaderAuthLinks';
import { SIGNED_IN_COOKIE } from '@/lib/auth/hint';
import { TextProvider } from '@/lib/i18n/client';
import en from '@/messages/en.json';

vi.mock('next/navigation', () => ({ usePathname: () => '/' }));

const hrefs = { login: '/login', register: '/register', dashboard: '/dashboard' };
const Header = () => (
  <TextProvider locale="en" messages={{ nav: en.nav }}>
    <HeaderAuthLink hrefs={hrefs} />
  </TextProvider>
);

const setHint = () => void (document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`);
const clearHint = () => void (document.cookie = `${SIGNED_IN_COOKIE}=; max-age=0; path=/`);

beforeEach(clearHint);
afterEach(cleanup);

/** The server's HTML (public pages are cached for everyone), then hydrated in this browser. */
function hydrate() {
  const html = renderToString(<Header />);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  render(<Header />, { container, hydrate: true });
  return html;
}

describe('the public header’s account link', () => {
  it('is Log in for an anonymous visitor, in the server HTML and after hydration', () => {
    const html = hydrate();
    expect(html).toContain('data-testid="login-link"');
    const link = screen.getByTestId('login-link');
    expect(link.textContent).toBe('Log in');
    expect(link.getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('dashboard-link')).toBeNull();
  });

  it('is Dashboard after hydration when the signed-in hint is set; the server HTML stays Log in', () => {
    setHint();
    const html = hydrate();
    expect(html).toContain('data-testid="login-link"');
    expect(html).not.toContain('dashboard-link');
    const link = screen.getByTestId('dashboard-link');
    expect(link.textContent).toBe('Dashboard');
    expect(link.getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByTestId('login-link')).toBeNull();
  });

  it('follows the hint when the tab is shown again (signed in or out elsewhere)', () => {
    render(<Header />);
    expect(screen.getByTestId('login-link')).toBeTruthy();
    setHint();
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByTestId('dashboard-link')).toBeTruthy();
    clearHint();
    act(() => void window.dispatchEvent(new Event('pageshow')));
    expect(screen.getByTestId('login-link')).toBeTruthy();
  });
});
