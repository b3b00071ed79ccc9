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
    const bad = await problems(
      "import { CardBody } from '../blog-card/CardBody';\nexport const x = CardBody;\n",
      'elements/ask-form/Bad.tsx',
    );
    expect(bad.join('\n')).toMatch(/tl\/element-boundaries: Another element's internals \(elements\/blog-card\/CardBody\)/);
    // From a subfolder too: the rule resolves the path, not its spelling.
    const deep = await problems(
      "import { x } from '../../blog-card/model/follow';\nexport const y = x;\n",
      'elements/ask-form/model/bad.ts',
    );
    expect(deep.join('\n')).toMatch(/Another element's internals/);
    expect(
      await problems(
        "import '../blog-card/index';\nimport { bus } from '../../src/bus/bus';\nexport const x = bus;\n",
        'elements/ask-form/Good.tsx',
      ),
    ).toEqual([]);
  });

  it("an element's own subfolders import each other freely", async () => {
    expect(
      await problems(
        "import { rules } from '../model/rules';\nimport { api } from '../api';\nexport const x = [rules, api];\n",
        'elements/ask-form/state/good.ts',
      ),
    ).toEqual([]);
  });

  it('src/ may not import from elements/, except the lists in src/elements.ts and src/element-modules.ts', async () => {
    const code = "import { contract } from '../../elements/ask-form/contract';\nexport const x = contract;\n";
    expect((await problems(code, 'src/core/bad.ts')).join('\n')).toMatch(/src\/ must not import from elements\//);
    expect(
      await problems(
        "import type { contract } from '../elements/ask-form/contract';\nexport type X = typeof contract;\n",
        'src/elements.ts',
      ),
    ).toEqual([]);
    expect(await problems("export const load = () => import('../elements/ask-form/index');\n", 'src/element-modules.ts')).toEqual([]);
  });

  it('a model (src/models, any model/ folder, model.ts) imports neither React, nor the DOM, nor the runtime', async () => {
    for (const file of ['src/models/bad.ts', 'elements/ask-form/model/bad.ts', 'src/post-actions/model.ts']) {
      expect((await problems("import { useState } from 'react';\nexport const x = useState;\n", file)).join('\n'), file).toMatch(
        /tl\/pure-model: .*no React/,
      );
      expect((await problems('export const title = () => document.title;\n', file)).join('\n'), file).toMatch(/no-restricted-globals/);
    }
    expect(
      (await problems("import { Popover } from '../ui/Popover';\nexport const x = Popover;\n", 'src/models/bad.ts')).join('\n'),
    ).toMatch(/no UI or DOM runtime/);
    expect(
      (
        await problems("import { $session } from '../../session/session';\nexport const s = $session;\n", 'src/messaging/model/bad.ts')
      ).join('\n'),
    ).toMatch(/no stores/);
    expect(
      (
        await problems("import { $windows } from '../state/stores';\nexport const s = $windows;\n", 'elements/messaging-dock/model/bad.ts')
      ).join('\n'),
    ).toMatch(/no stores/);
    expect(
      await problems(
        "import type { ThemeParams } from '../session/types';\nimport { isRecord } from './record';\nexport const double = (n: number, _t?: ThemeParams) => (isRecord(n) ? 0 : n * 2);\n",
        'src/models/good.ts',
      ),
    ).toEqual([]);
    expect(
      await problems(
        "import { conversationError } from '../../../src/messaging/model/conversation';\nexport const x = conversationError;\n",
        'elements/messaging-dock/model/good.ts',
      ),
    ).toEqual([]);
  });

  it('no event or request name is a string literal outside the contracts: code uses Events / Requests', async () => {
    const bad = await problems(
      "import { announce } from '../../src/core/announce';\nexport const x = (h: Element) => announce(h, 'tl-ask-sent', { blogName: '', question: '', anonymous: false });\n",
      'elements/ask-form/bad.ts',
    );
    expect(bad.join('\n')).toMatch(/tl\/no-event-name-literal: 'tl-ask-sent' is an event or request name: use Events/);
    expect((await problems('export const x = `tl-messaging-open-request`;\n', 'src/core/bad.ts')).join('\n')).toMatch(/use Requests/);
    expect((await problems("export const x = 'tl-messaging-open';\n", 'src/core/bad.ts')).join('\n')).toMatch(/use Requests/);
    // Markup and unrelated strings that merely start with tl- are fine; tests act as a page and spell names out.
    expect(await problems("export const x = ['tl-button', 'tl-widget-error-note'];\n", 'src/core/good.ts')).toEqual([]);
    expect(await problems("export const x = 'tl-ask-sent';\n", 'elements/ask-form/ask-form.browser.test.ts')).toEqual([]);
  });
});
