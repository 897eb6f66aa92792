// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemeToggle } from '@/components/shell/ThemeToggle';
import { TextProvider } from '@/lib/i18n/client';

const messages = { shell: { themeToDark: 'Switch to dark theme', themeToLight: 'Switch to light theme' } };

function renderToggle() {
  render(
    <TextProvider locale="en" messages={messages}>
      <ThemeToggle />
    </TextProvider>,
  );
  return screen.getByTestId('theme-toggle');
}

const html = () => document.documentElement;

beforeEach(() => {
  document.cookie = 'theme=; max-age=0; path=/';
  html().classList.remove('dark');
  html().style.colorScheme = '';
});
afterEach(cleanup);

// The label follows the <html> class through a MutationObserver, whose callbacks are microtasks.
async function click(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
    await Promise.resolve();
  });
}

describe('ThemeToggle', () => {
  it('stores the choice and applies it at once', async () => {
    const button = renderToggle();
    expect(button.getAttribute('aria-label')).toBe('Switch to dark theme');
    await click(button);
    expect(html().classList.contains('dark')).toBe(true);
    expect(html().style.colorScheme).toBe('dark');
    expect(document.cookie).toContain('theme=dark');
    expect(button.getAttribute('aria-label')).toBe('Switch to light theme');

    await click(button);
    expect(html().classList.contains('dark')).toBe(false);
    expect(document.cookie).toContain('theme=light');
  });

  it('writes a site-wide, one-year cookie', () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(document), 'cookie')!;
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => descriptor.get!.call(document), set: (v: string) => written.push(v) });
    try {
      fireEvent.click(renderToggle());
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(written).toHaveLength(1);
    const [pair, ...attrs] = written[0].split(/;\s*/);
    expect(pair).toBe('theme=dark');
    expect(attrs.map((a) => a.toLowerCase())).toEqual(expect.arrayContaining(['path=/', 'max-age=31536000', 'samesite=lax']));
  });

  it('its label follows a theme the page changed without it (the system preference)', async () => {
    const button = renderToggle();
    await act(async () => {
      html().classList.add('dark');
      await Promise.resolve();
    });
    expect(button.getAttribute('aria-label')).toBe('Switch to light theme');
    expect(document.cookie).not.toContain('theme=');
  });
});
