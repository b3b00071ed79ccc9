// Flat config: @eslint/js recommended for everything, typescript-eslint recommended for TS/TSX.
// No type-aware rules (they need the whole program and make `npx eslint .` slow).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', '.wtr-build/**', '.data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.bench/**'],
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
  // ---- Boundaries (checked by tests/unit/lint-boundaries.test.ts) ----
  {
    // An element imports its own folder, src/, and other elements' registration files only.
    files: ['elements/**/*.ts', 'elements/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^\\.\\./(?!\\.\\./)[^/]+/(?!index$).+',
          message: "Another element's internals: import its registration ('../<tag>/index') or move the shared part to src/.",
        }],
      }],
    },
  },
  {
    // src/ is shared by every element: it never reaches into one, except the list in src/elements.ts.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/elements.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(\\.\\./)+elements/', message: 'src/ must not import from elements/ (only src/elements.ts lists them).' }],
      }],
    },
  },
  {
    // Models are pure: no React, no DOM.
    files: ['src/models/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['react', 'react-dom', 'react-dom/client', '@nanostores/react'].map((name) => ({ name, message: 'src/models is pure logic: no React.' })),
        patterns: [
          { regex: '^(\\.\\./)+elements/', message: 'src/ must not import from elements/.' },
          { regex: '^(\\.\\./)+(ui|core|bus|stores|api)/|^(\\.\\./)+session/(?!types$)', message: 'src/models is pure logic: no UI or DOM runtime, no stores, no network.' },
        ],
      }],
      'no-restricted-globals': ['error', ...['document', 'window', 'HTMLElement', 'Element', 'localStorage', 'sessionStorage', 'navigator', 'customElements'].map((name) => ({ name, message: 'src/models is pure logic: inject what it needs from the DOM.' }))],
    },
  },
  {
    // Mocha globals in browser tests (describe/it/before…).
    files: ['tests/browser/**/*.ts', 'tests/browser/**/*.tsx'],
    languageOptions: { globals: { ...globals.mocha } },
    // chai's property assertions (`expect(x).to.be.true`) are expressions by design.
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
