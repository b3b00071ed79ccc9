// Unit tests: pure logic (models, api client, attribute parsing, the reference server) in Node.
// A file that needs a DOM opts in with `// @vitest-environment happy-dom` on its first line.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const CSS_TEXT = '\0css-text:';

export default defineConfig({
  plugins: [
    {
      // Element CSS is imported as a string at build time (rollup.config.mjs); the same here.
      name: 'css-as-string',
      enforce: 'pre',
      resolveId(source, importer) {
        if (!source.endsWith('.css') || !importer) return null;
        return CSS_TEXT + resolve(dirname(importer), source);
      },
      load(id) {
        if (!id.startsWith(CSS_TEXT)) return null;
        return `export default ${JSON.stringify(readFileSync(id.slice(CSS_TEXT.length), 'utf8'))};`;
      },
    },
  ],
  test: {
    // Unit tests sit beside the module they test (`x.ts` → `x.test.ts`); `*.browser.test.ts` run
    // in real browsers instead (scripts/browser-tests.mjs); tests/checks holds repository-wide checks.
    include: ['{src,elements,demo,docs-site,scripts,tests}/**/*.test.ts'],
    exclude: ['**/*.browser.test.ts', '**/node_modules/**', 'dist/**', '.wtr-build/**', 'tests/e2e/**'],
    environment: 'node',
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 10_000,
  },
});
