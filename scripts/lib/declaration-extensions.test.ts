/**
 * The build's last step on the declarations (scripts/lib/declaration-extensions.mjs): under
 * "moduleResolution": "node16" an ES module's relative import must name its file, so each one
 * becomes the .js path of the declaration beside it; what is not a declaration is left alone.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addDeclarationExtensions } from './declaration-extensions.mjs';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('addDeclarationExtensions', () => {
  it('names the .js file of each relative import, a folder by its index, and leaves the rest as written', () => {
    dir = mkdtempSync(join(tmpdir(), 'dts-'));
    mkdirSync(join(dir, 'core'));
    mkdirSync(join(dir, 'bus'));
    writeFileSync(join(dir, 'core', 'events.d.ts'), 'export declare const Events: {};\n');
    writeFileSync(join(dir, 'bus', 'index.d.ts'), 'export declare const bus: {};\n');
    writeFileSync(join(dir, 'core', 'styles.d.ts'), "import styles from './styles.css';\nexport type T = typeof import('../bus');\n");
    writeFileSync(
      join(dir, 'index.d.ts'),
      [
        "export { Events } from './core/events';",
        "export type { T } from './core/styles.js';",
        'import { bus } from "./bus";',
        "import type { ReactNode } from 'react';",
        "export type B = typeof import('./core/events');",
        '',
      ].join('\n'),
    );

    expect(addDeclarationExtensions(dir)).toBe(4);
    expect(readFileSync(join(dir, 'index.d.ts'), 'utf8')).toBe(
      [
        "export { Events } from './core/events.js';",
        "export type { T } from './core/styles.js';",
        'import { bus } from "./bus/index.js";',
        "import type { ReactNode } from 'react';",
        "export type B = typeof import('./core/events.js');",
        '',
      ].join('\n'),
    );
    expect(readFileSync(join(dir, 'core', 'styles.d.ts'), 'utf8')).toBe(
      "import styles from './styles.css';\nexport type T = typeof import('../bus/index.js');\n",
    );
  });
});
