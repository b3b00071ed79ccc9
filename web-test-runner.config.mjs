// web-test-runner config for ONE engine per run (scripts/browser-tests.mjs runs it
// once per engine, sequentially). Test files are pre-bundled by esbuild into
// .wtr-build/ (no nodeResolve: serving React through wtr's commonjs plugin fails).
//
//   WTR_ENGINE        chromium | firefox | webkit       (default chromium)
//   WTR_FILES         bundled tests: a glob, or paths separated by commas (default .wtr-build/**/*.test.js)
//   WTR_PORT          dev server port                   (default 8000)
//   WTR_PROGRESS_FILE where each finished test is appended (scripts/lib/wtr-progress.mjs)
//   WTR_RESULTS_FILE  where each finished file's result is appended
//   WTR_FILES_PER_BROWSER  WebKit only: test files one browser runs before a fresh one starts (default 4)
//
// The dev server also hosts the reference server in-process (scripts/lib/demo-middleware.mjs),
// with a fresh temporary database for this run.
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import {
  CHROMIUM_ROOT_FLAGS,
  FIREFOX_PATH,
  WEBKIT_CAPABILITIES,
  WEBKIT_DRIVER_PORT,
  chromiumPath,
  ensureOwnHome,
} from './scripts/lib/browsers.mjs';
import { createDemoMiddleware } from './scripts/lib/demo-middleware.mjs';
import { RecyclingWebdriverLauncher } from './scripts/lib/recycling-webdriver.mjs';
import { progressPlugin, resultsReporter } from './scripts/lib/wtr-progress.mjs';

const repoRoot = dirname(fileURLToPath(import.meta.url));
const engine = process.env.WTR_ENGINE ?? 'chromium';

function launcherFor(name) {
  switch (name) {
    case 'chromium':
      return puppeteerLauncher({
        concurrency: 1,
        // A live performance.memory and gc(): the leak test (src/core/leak.browser.test.ts) bounds the heap with them.
        launchOptions: {
          executablePath: chromiumPath(),
          headless: true,
          args: [...CHROMIUM_ROOT_FLAGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
        },
      });
    case 'firefox':
      ensureOwnHome();
      return puppeteerLauncher({
        concurrency: 1,
        launchOptions: { browser: 'firefox', executablePath: FIREFOX_PATH, headless: true },
      });
    case 'webkit':
      // WebKitWebDriver (port 4444) and Xvfb are started by scripts/browser-tests.mjs. A fresh
      // MiniBrowser every few files: one browser for the whole run grew to 1.9 GiB.
      return new RecyclingWebdriverLauncher(
        {
          hostname: '127.0.0.1',
          port: Number(process.env.WTR_WEBKIT_PORT ?? WEBKIT_DRIVER_PORT),
          logLevel: 'error',
          capabilities: WEBKIT_CAPABILITIES,
        },
        {
          filesPerBrowser: Number(process.env.WTR_FILES_PER_BROWSER) || 4,
          onRecycle: (why) => console.log(`[wtr webkit] a fresh browser (${why})`),
        },
      );
    default:
      throw new Error(`Unknown WTR_ENGINE "${name}" (chromium | firefox | webkit)`);
  }
}

const demo = await createDemoMiddleware({ repoRoot, logPrefix: `[wtr ${engine}]` });

export default {
  rootDir: repoRoot,
  port: Number(process.env.WTR_PORT) || 8000,
  files: (process.env.WTR_FILES ?? '.wtr-build/**/*.test.js').split(','),
  nodeResolve: false,
  concurrency: 1,
  concurrentBrowsers: 1,
  browsers: [launcherFor(engine)],
  browserStartTimeout: 120_000,
  testsStartTimeout: 60_000,
  // Not a limit on slowness: scripts/browser-tests.mjs stops a run that stalls (no test finished
  // for WTR_STALL_MS), however long a file that keeps finishing tests takes.
  testsFinishTimeout: 30 * 60_000,
  testFramework: { config: { timeout: 15_000, ui: 'bdd' } },
  middleware: [demo.middleware],
  plugins: [
    progressPlugin(process.env.WTR_PROGRESS_FILE),
    {
      name: 'demo-server-lifecycle',
      async serverStop() {
        await demo.close();
      },
    },
  ],
  reporters: [
    defaultReporter({ reportTestResults: true, reportTestProgress: false }),
    summaryReporter({ flatten: false, reportTestErrors: false, reportTestLogs: false }),
    resultsReporter(process.env.WTR_RESULTS_FILE),
  ],
};
