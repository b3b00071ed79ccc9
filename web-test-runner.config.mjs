// web-test-runner config for ONE engine per run (scripts/browser-tests.mjs runs it
// once per engine, sequentially). Test files are pre-bundled by esbuild into
// .wtr-build/ (no nodeResolve: serving React through wtr's commonjs plugin fails).
//
//   WTR_ENGINE        chromium | firefox | webkit       (default chromium)
//   WTR_FILES         glob of bundled tests             (default .wtr-build/**/*.test.js)
//   WTR_PORT          dev server port                   (default 8000)
//   WTR_RESULTS_FILE  where to write {engine, passed, failed, skipped, files}
//
// The dev server also hosts the reference server in-process (scripts/lib/demo-middleware.mjs),
// with a fresh temporary database for this run.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import {
  CHROMIUM_ROOT_FLAGS,
  FIREFOX_PATH,
  WEBKIT_CAPABILITIES,
  WEBKIT_DRIVER_PORT,
  chromiumPath,
  ensureOwnHome,
} from './scripts/lib/browsers.mjs';
import { createDemoMiddleware } from './scripts/lib/demo-middleware.mjs';

const repoRoot = dirname(fileURLToPath(import.meta.url));
const engine = process.env.WTR_ENGINE ?? 'chromium';

function launcherFor(name) {
  switch (name) {
    case 'chromium':
      return puppeteerLauncher({
        concurrency: 1,
        launchOptions: { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ROOT_FLAGS },
      });
    case 'firefox':
      ensureOwnHome();
      return puppeteerLauncher({
        concurrency: 1,
        launchOptions: { browser: 'firefox', executablePath: FIREFOX_PATH, headless: true },
      });
    case 'webkit':
      // WebKitWebDriver (port 4444) and Xvfb are started by scripts/browser-tests.mjs.
      return webdriverLauncher({
        hostname: '127.0.0.1',
        port: Number(process.env.WTR_WEBKIT_PORT ?? WEBKIT_DRIVER_PORT),
        logLevel: 'error',
        capabilities: WEBKIT_CAPABILITIES,
      });
    default:
      throw new Error(`Unknown WTR_ENGINE "${name}" (chromium | firefox | webkit)`);
  }
}

/** Counts every test of every session and writes them for scripts/test.mjs. */
function jsonResultsReporter(file) {
  // Failing tests are kept by name with their first error line, so the last lines of a CI log
  // (all a reader may get) say which test failed and why, not only how many.
  const count = (suite, acc, path = []) => {
    if (!suite) return acc;
    const here = suite.name ? [...path, suite.name] : path;
    for (const t of suite.tests) {
      if (t.skipped) acc.skipped++;
      else if (t.passed) acc.passed++;
      else {
        acc.failed++;
        acc.failures.push({ test: [...here, t.name].join(' › '), error: String(t.error?.message ?? 'failed').split('\n')[0].slice(0, 400) });
      }
      acc.ms += t.duration ?? 0;
    }
    for (const s of suite.suites) count(s, acc, here);
    return acc;
  };
  return {
    onTestRunFinished({ sessions }) {
      const result = { engine, passed: 0, failed: 0, skipped: 0, files: [] };
      for (const session of sessions) {
        const c = count(session.testResults, { passed: 0, failed: 0, skipped: 0, ms: 0, failures: [] });
        // A file that could not load or threw outside a test counts as one failure.
        const brokenFile = !session.passed && c.failed === 0;
        if (brokenFile) c.failed = 1;
        result.passed += c.passed;
        result.failed += c.failed;
        result.skipped += c.skipped;
        result.files.push({ file: session.testFile, ...c, errors: session.errors?.map((e) => e.message) ?? [] });
      }
      if (file) writeFileSync(file, JSON.stringify(result, null, 2));
    },
  };
}

const demo = await createDemoMiddleware({ repoRoot, logPrefix: `[wtr ${engine}]` });

export default {
  rootDir: repoRoot,
  port: Number(process.env.WTR_PORT) || 8000,
  files: [process.env.WTR_FILES ?? '.wtr-build/**/*.test.js'],
  nodeResolve: false,
  concurrency: 1,
  concurrentBrowsers: 1,
  browsers: [launcherFor(engine)],
  browserStartTimeout: 120_000,
  testsStartTimeout: 60_000,
  testsFinishTimeout: 240_000,
  testFramework: { config: { timeout: 15_000, ui: 'bdd' } },
  middleware: [demo.middleware],
  plugins: [
    {
      name: 'demo-server-lifecycle',
      async serverStop() {
        await demo.close();
      },
    },
  ],
  reporters: [defaultReporter({ reportTestResults: true, reportTestProgress: false }), summaryReporter({ flatten: false, reportTestErrors: false, reportTestLogs: false }), jsonResultsReporter(process.env.WTR_RESULTS_FILE)],
};
