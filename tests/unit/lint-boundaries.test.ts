/**
 * The import boundaries are kept by ESLint (eslint.config.js). Each case lints a small piece of
 * code as if it lived at a given path, so a rule that stopped firing fails here.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  it("an element may not import another element's internals, only its registration", async () => {
    const bad = await problems("import { CardBody } from '../blog-card/CardBody';\nexport const x = CardBody;\n", 'elements/ask-form/Bad.tsx');
    expect(bad.join('\n')).toMatch(/no-restricted-imports: .*Another element's internals/);
    expect(await problems("import '../blog-card/index';\nimport { bus } from '../../src/bus/bus';\nexport const x = bus;\n", 'elements/ask-form/Good.tsx')).toEqual([]);
  });

  it('src/ may not import from elements/, except the list in src/elements.ts', async () => {
    const code = "import { contract } from '../../elements/ask-form/contract';\nexport const x = contract;\n";
    expect((await problems(code, 'src/core/bad.ts')).join('\n')).toMatch(/src\/ must not import from elements\//);
    expect(await problems("import type { contract } from '../elements/ask-form/contract';\nexport type X = typeof contract;\n", 'src/elements.ts')).toEqual([]);
  });

  it('src/models may import neither React nor the DOM', async () => {
    expect((await problems("import { useState } from 'react';\nexport const x = useState;\n", 'src/models/bad.ts')).join('\n')).toMatch(/no React/);
    expect((await problems('export const title = () => document.title;\n', 'src/models/bad.ts')).join('\n')).toMatch(/no-restricted-globals/);
    expect((await problems("import { Popover } from '../ui/Popover';\nexport const x = Popover;\n", 'src/models/bad.ts')).join('\n')).toMatch(/no UI or DOM runtime/);
    expect((await problems("import { $session } from '../../session/session';\nexport const s = $session;\n", 'src/models/messaging/bad.ts')).join('\n')).toMatch(/no stores/);
    expect(await problems("import type { ThemeParams } from '../session/types';\nexport const double = (n: number, _t?: ThemeParams) => n * 2;\n", 'src/models/good.ts')).toEqual([]);
  });
});
