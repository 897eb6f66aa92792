import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
}

/** A fresh browser context holding the session cookie `cookie` (`NAME=value`) for `origin`. */
export async function signedInContext(browser: Browser, origin: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const [name, ...value] = cookie.split('=');
  await context.addCookies([{ name, value: value.join('='), url: origin }]);
  return context;
}

export type Click = { path: string; headers: Record<string, string> };

/**
 * The request Next's router makes when a member on `from` clicks the sidebar's link to `to`,
 * as Chromium sends it: the path with the router's `_rsc` key, and the headers that make it
 * a navigation (the client's route tree among them). Replayed, it costs the server what a
 * click costs, which no hand-built request could promise across Next's versions.
 */
export async function captureClick(origin: string, cookie: string, from: string, to: string): Promise<Click> {
  const browser = await launchChromium();
  try {
    const page = await (await signedInContext(browser, origin, cookie)).newPage();
    await page.goto(origin + from);
    await page.locator('html[data-ready="1"]').waitFor({ state: 'attached' });
    const navigation = page.waitForRequest((r) => r.headers()['rsc'] === '1' && !r.headers()['next-router-prefetch'] && new URL(r.url()).pathname === to);
    await page.getByTestId('sidebar').locator(`a[href="${to}"]`).click();
    const request = await navigation;
    const url = new URL(request.url());
    const headers = Object.fromEntries(Object.entries(request.headers()).filter(([name]) => name === 'rsc' || name.startsWith('next-')));
    return { path: url.pathname + url.search, headers };
  } finally {
    await browser.close();
  }
}
