// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider, useAtomValue } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SidebarToggle } from '@/components/layout/SidebarToggle';
import { TextProvider } from '@/lib/i18n/client';
import { foldedOf, parseSidebarCookie, SIDEBAR_COOKIE, sidebarCollapsedAtom, sidebarCookieValue } from '@/lib/shell/sidebar';
import en from '@/messages/en.json';

afterEach(cleanup);
beforeEach(() => {
  document.cookie = `${SIDEBAR_COOKIE}=; max-age=0; path=/`;
});

// As DashboardFrame wires it: the atom once chosen, else the cookie's value at render.
function Wired({ fromCookie }: { fromCookie: boolean }) {
  return <SidebarToggle controls="nav" folded={foldedOf(useAtomValue(sidebarCollapsedAtom), fromCookie)} />;
}

function renderToggle(fromCookie = false, store = createStore()) {
  render(
    <Provider store={store}>
      <TextProvider locale="en" messages={{ ui: en.ui }}>
        <Wired fromCookie={fromCookie} />
      </TextProvider>
    </Provider>,
  );
  return store;
}

describe('the sidebar cookie', () => {
  it('folds only on its own value; anything else is the full sidebar', () => {
    expect(parseSidebarCookie(sidebarCookieValue(true))).toBe(true);
    expect(parseSidebarCookie(sidebarCookieValue(false))).toBe(false);
    for (const v of [undefined, null, '', 'ICONS', 'true', '1']) expect(parseSidebarCookie(v)).toBe(false);
  });
});

describe('SidebarToggle', () => {
  it('folds and unfolds, saying so to assistive technology and in the cookie', async () => {
    const store = renderToggle();
    const button = screen.getByRole('button', { name: en.ui.collapseSidebar });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe('nav');

    await act(async () => fireEvent.click(button));
    expect(store.get(sidebarCollapsedAtom)).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe(en.ui.expandSidebar);
    expect(parseSidebarCookie(document.cookie.match(/(?:^|; )sidebar=([^;]*)/)?.[1])).toBe(true);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.ui.expandSidebar })));
    expect(store.get(sidebarCollapsedAtom)).toBe(false);
    expect(parseSidebarCookie(document.cookie.match(/(?:^|; )sidebar=([^;]*)/)?.[1])).toBe(false);
  });

  it('starts from the cookie the server read, until the viewer chooses', async () => {
    const store = renderToggle(true);
    expect(store.get(sidebarCollapsedAtom)).toBeNull();
    const button = screen.getByRole('button', { name: en.ui.expandSidebar });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await act(async () => fireEvent.click(button));
    expect(store.get(sidebarCollapsedAtom)).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('a choice wins over the cookie value', () => {
    expect(foldedOf(null, true)).toBe(true);
    expect(foldedOf(false, true)).toBe(false);
    expect(foldedOf(true, false)).toBe(true);
  });
});
