// Flat config: @eslint/js recommended for everything, typescript-eslint recommended for TS/TSX.
// No type-aware rules (they need the whole program and make `npx eslint .` slow).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/lint/boundaries.mjs';
import eventNames from './scripts/lint/event-names.mjs';

/** The repository's own rules (scripts/lint/). */
const tl = { rules: { ...boundaries.rules, ...eventNames.rules } };

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'docs-build/**',
      'node_modules/**',
      '.wtr-build/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  {
    rules: {
      // Dead stores and redundant regex escapes are tidiness, not bugs: visible as warnings,
      // not a failed lint.
      'no-useless-assignment': 'warn',
      'no-useless-escape': 'warn',
    },
  },
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    extends: [tseslint.configs.recommended],
    rules: {
      // Style, not bugs: `_unused` arguments are how callbacks document what they ignore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `interface DocumentEventMap extends TumblelogEventMap {}` is how global maps are merged.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // ---- Boundaries (scripts/lint/boundaries.mjs; shown failing by tests/checks/lint-boundaries.test.ts) ----
  {
    files: ['src/**/*.ts', 'src/**/*.tsx', 'elements/**/*.ts', 'elements/**/*.tsx'],
    plugins: { tl },
    rules: { 'tl/element-boundaries': 'error', 'tl/pure-model': 'error' },
  },
  {
    // Names are declared once (the contracts, and the runtime's src/core/announcements.ts); code uses
    // the generated tables. Tests act as a page would, with the public names written out.
    files: ['src/**/*.ts', 'src/**/*.tsx', 'elements/**/*.ts', 'elements/**/*.tsx'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.test-helpers.ts',
      '**/contract.ts',
      'src/core/announcements.ts',
      'src/core/events.ts',
      'src/core/request-names.ts',
    ],
    plugins: { tl },
    rules: { 'tl/no-event-name-literal': 'error' },
  },
  {
    // Models are pure: no DOM either (React and non-model imports: tl/pure-model).
    files: ['src/models/**/*.ts', 'src/*/model/**/*.ts', 'src/*/model.ts', 'elements/*/model/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['document', 'window', 'HTMLElement', 'Element', 'localStorage', 'sessionStorage', 'navigator', 'customElements'].map(
          (name) => ({ name, message: 'A model is pure logic: inject what it needs from the DOM.' }),
        ),
      ],
    },
  },
  {
    // Mocha globals in browser tests (describe/it/before…) and their helpers.
    files: ['**/*.browser.test.ts', '**/*.browser.test.tsx', '**/*.test-helpers.ts', 'tests/helpers/**/*.ts'],
    languageOptions: { globals: { ...globals.mocha } },
    // chai's property assertions (`expect(x).to.be.true`) are expressions by design.
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
