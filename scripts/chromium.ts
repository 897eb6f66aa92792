import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The switches every test and bench starts Chromium with: its background services would dial
 * out of a closed network, and its preloaded omnibox popup (a renderer of its own, started for
 * about one new context in three) spends 2–3 s of a core beside the page being measured.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-features=PreloadTopChromeWebUI',
];

/** Debian's Chromium for the browser tests: found, installed (as root), or explained. */
export function ensureChromium(): string {
  const found = [process.env.CHROMIUM_PATH, ...CANDIDATES].find((p): p is string => !!p && existsSync(p));
  if (found) return found;
  const root = process.getuid?.() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!root || !apt) {
    throw new Error(
      'Chromium is needed for the end-to-end tests. Install it with `sudo apt-get install chromium` ' +
        '(or point CHROMIUM_PATH at a Chromium/Chrome binary) and run the tests again.',
    );
  }
  process.stdout.write('Installing Chromium with apt-get…\n');
  const run = (cmd: string) => spawnSync('sh', ['-c', cmd], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (run('apt-get update -qq').status !== 0 || run('apt-get install -y -qq chromium').status !== 0) throw new Error('apt-get could not install chromium.');
  const installed = CANDIDATES.find((p) => existsSync(p));
  if (!installed) throw new Error('Chromium was installed but its binary was not found.');
  return installed;
}
