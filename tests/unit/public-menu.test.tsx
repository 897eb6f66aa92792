// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicMenu } from '@/components/layout/PublicMenu';
import { SIGNED_IN_COOKIE } from '@/lib/auth/hint';
import { TextProvider } from '@/lib/i18n/client';
import en from '@/messages/en.json';

const nav = vi.hoisted(() => ({ pathname: '/' }));
vi.mock('next/navigation', () => ({ usePathname: () => nav.pathname }));

const links = [
  { href: '/', label: 'Home' },
  { href: '/faq', label: 'FAQ' },
];
const hrefs = { login: '/login', register: '/register', dashboard: '/dashboard' };

function Menu() {
  return (
    <TextProvider locale="en" messages={{ nav: en.nav }}>
      <a href="#main">before</a>
      <PublicMenu appName="Atrio" links={links} hrefs={hrefs} />
      <button type="button">after</button>
    </TextProvider>
  );
}

// Links would otherwise make happy-dom load the page they point to.
const stayHere = (e: MouseEvent) => e.preventDefault();

beforeEach(() => {
  nav.pathname = '/';
  document.cookie = `${SIGNED_IN_COOKIE}=; max-age=0; path=/`;
  document.addEventListener('click', stayHere);
});
afterEach(() => {
  cleanup();
  document.removeEventListener('click', stayHere);
});

/** Opens the drawer (its code arrives on demand) and waits for Radix to settle its focus. */
async function open() {
  const trigger = screen.getByRole('button', { name: 'Open menu' });
  await act(async () => void fireEvent.click(trigger));
  const drawer = await screen.findByRole('dialog', { name: 'Atrio' }, { timeout: 5000 });
  await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return { trigger, drawer };
}

const tabbables = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('a[href], button')];

describe('PublicMenu', () => {
  it('is one labelled button until opened', () => {
    render(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Open menu' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a modal drawer that keeps the focus inside and locks the page scroll', async () => {
    render(<Menu />);
    const { trigger, drawer } = await open();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // Modal: the page behind is hidden from assistive technology and does not scroll.
    expect(screen.getByRole('button', { name: 'after', hidden: true }).closest('[aria-hidden="true"]')).not.toBeNull();
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(true);
    const inside = tabbables(drawer);
    expect(inside.map((el) => el.getAttribute('aria-label') ?? el.textContent)).toEqual(['Close menu', 'Home', 'FAQ', 'Log in', 'Create account']);
    // The focus starts on the first control; Tab from the last wraps to the first, Shift+Tab back.
    expect(document.activeElement).toBe(inside[0]);
    inside.at(-1)!.focus();
    fireEvent.keyDown(inside.at(-1)!, { key: 'Tab' });
    expect(document.activeElement).toBe(inside[0]);
    fireEvent.keyDown(inside[0], { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(inside.at(-1));
    // The focus cannot be moved out to the page behind.
    act(() => screen.getByRole('button', { name: 'after', hidden: true }).focus());
    expect(drawer.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape, unlocks the scroll and gives the focus back to the trigger', async () => {
    render(<Menu />);
    const { trigger, drawer } = await open();
    await act(async () => void fireEvent.keyDown(drawer, { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('closes on a press on the backdrop', async () => {
    render(<Menu />);
    await open();
    const overlay = screen.getByTestId('public-menu-overlay');
    await act(async () => {
      fireEvent.pointerDown(overlay);
      fireEvent.click(overlay);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes after choosing a link, and when the page changes', async () => {
    const { rerender } = render(<Menu />);
    const { trigger } = await open();
    await act(async () => void fireEvent.click(screen.getByRole('link', { name: 'FAQ' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    await open();
    nav.pathname = '/faq';
    rerender(<Menu />);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the dashboard instead of logging in when the signed-in hint is set', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    render(<Menu />);
    const { drawer } = await open();
    const dashboard = screen.getByTestId('dashboard-link');
    expect(drawer.contains(dashboard)).toBe(true);
    expect(dashboard.getAttribute('href')).toBe('/dashboard');
    expect(dashboard.textContent).toBe('Dashboard');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
    await act(async () => void fireEvent.click(dashboard));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
