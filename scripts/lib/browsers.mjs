// Where Debian puts the browsers and how to start them here (see shared/TOOLCHAIN.md).
// Shared by the web-test-runner config, scripts/browser-tests.mjs and playwright.config.ts.
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'];
export const FIREFOX_PATH = '/usr/bin/firefox-esr';
export const MINIBROWSER_PATH = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const WEBKIT_DRIVER = 'WebKitWebDriver';
export const WEBKIT_DRIVER_PORT = 4444;

/** Chromium needs these to run headless as root in a container. */
export const CHROMIUM_ROOT_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
];

export function chromiumPath() {
  return CHROMIUM_PATHS.find((p) => existsSync(p)) ?? CHROMIUM_PATHS[0];
}

/** WebDriver capabilities for WebKitGTK's MiniBrowser driven by WebKitWebDriver. */
export const WEBKIT_CAPABILITIES = {
  browserName: 'MiniBrowser',
  'wdio:enforceWebDriverClassic': true,
  'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
};

/**
 * Firefox refuses to start when $HOME is not owned by the running user (e.g. root
 * in a container whose HOME belongs to someone else). Returns a HOME that works,
 * and sets process.env.HOME to it.
 */
export function ensureOwnHome() {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const home = process.env.HOME;
  let ok;
  try {
    ok = !!home && (uid === undefined || statSync(home).uid === uid);
  } catch {
    ok = false;
  }
  if (!ok) {
    const fresh = mkdtempSync(join(tmpdir(), 'tl-home-'));
    process.env.HOME = fresh;
    return fresh;
  }
  return home;
}
