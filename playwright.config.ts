/**
 * End-to-end tests: whole flows on the demo pages against the reference server, started by
 * Playwright with `node scripts/start.mjs` (builds if needed) on a fresh temporary database.
 *
 *   npm run test:e2e                          Chromium + Firefox ESR
 *   npm run test:e2e -- --project chromium    one browser
 *   E2E_PORT=4300 npm run test:e2e            a fixed port (default 4173, or a pid-derived one when 4173 is taken)
 *
 * Browsers are Debian's (scripts/ensure-browsers.mjs): Chromium with the flags it needs as root,
 * Firefox ESR over WebDriver BiDi via the `moz-firefox` channel (Playwright 1.64.1 exactly; 1.65
 * fails on emulation.setMediaFeaturesOverride). Playwright's own WebKit cannot run here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ROOT_FLAGS, FIREFOX_PATH, chromiumPath, ensureOwnHome } from './scripts/lib/browsers.mjs';
import { pruneOutputDirs } from './scripts/lib/pw-output.mjs';

// Several runs may share a machine (developers, agents, CI): 4173 when it is free, otherwise a
// port derived from the pid of the run's main process. Workers inherit it through the environment.
function portIsFree(port: number): boolean {
  const probe = `require('net').createServer().once('error',()=>process.exit(1)).listen(${port},function(){this.close(()=>process.exit(0))})`;
  return spawnSync(process.execPath, ['-e', probe]).status === 0;
}
process.env.E2E_PORT ||= String(portIsFree(4173) ? 4173 : 4174 + (process.pid % 700));
const PORT = Number(process.env.E2E_PORT);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Each run keeps its failure artifacts apart, so runs sharing a checkout do not clean each other's.
if (!process.env.PW_OUTPUT_DIR) {
  pruneOutputDirs('test-results');
  process.env.PW_OUTPUT_DIR = `test-results/run-${process.pid}`;
}
// Evaluated by the runner and by every worker: create the data dir once, workers inherit the env.
process.env.TL_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tl-e2e-data-'));
// Firefox refuses a $HOME that belongs to another user.
ensureOwnHome();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.PW_JSON_OUTPUT_FILE ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT_FILE }]] : [['list']],
  globalTeardown: './scripts/lib/e2e-teardown.mjs',
  outputDir: process.env.PW_OUTPUT_DIR,
  use: {
    baseURL: BASE_URL,
    // The trace keeps the actions, console and network of a failed test, without the DOM snapshot
    // and screencast Playwright takes around every action: those tripled the keyboard-only tests
    // in Firefox over BiDi (15 s → 60 s and out of time, a DOM snapshot per Tab on the dashboard)
    // and added a third in Chromium. For a test being debugged: `--trace on`.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ROOT_FLAGS },
      },
    },
    {
      name: 'firefox',
      // Firefox runs the three flows where the whole page meets the engine in a way no element's
      // browser test reaches: focus walking the real dashboard by keyboard (keyboard-only), real
      // tabs sharing one session (many-tabs: BroadcastChannel, Web Locks, storage events between
      // browsing contexts), and Trusted Types enforced on every sink of the real pages (trusted-types).
      // Every other flow is elements talking to the server: each element's own behaviour runs in
      // Firefox and WebKit in the browser tests, and the flow itself in Chromium here. A Firefox
      // action costs 2.5× Chromium's over WebDriver BiDi, and the suite has to fit CI's 90 minutes
      // on two cores (docs/guides/testing.md, "What runs in Chromium only").
      testMatch: ['keyboard-only.spec.ts', 'many-tabs.spec.ts', 'trusted-types.spec.ts'],
      use: {
        browserName: 'firefox',
        channel: 'moz-firefox',
        launchOptions: { executablePath: FIREFOX_PATH },
      },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    // Ready once the sample media exist: they are made (ffmpeg, both cores for seconds) on the
    // first media request, and a test running meanwhile, often the run's first, would share the
    // machine with them. A media file's answer waits for them.
    url: `${BASE_URL}/assets/media/poster.jpg`,
    // Added to process.env (so SKIP_BUILD and DIST_DIR from scripts/test.mjs reach start.mjs).
    env: { PORT: String(PORT), DATA_DIR: process.env.TL_E2E_DATA_DIR },
    reuseExistingServer: false,
    // start.mjs builds first when dist/ is stale: minutes on a busy 2-core machine.
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
