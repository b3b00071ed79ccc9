#!/usr/bin/env node
// The package as its users get it. `npm pack`, install the tarball into a scratch folder, then:
//   0. the ecosystem's own checks on the tarball: publint, attw (types resolve for every export
//      under node16 and bundler), @wc-toolkit/cem-validator on the manifest, and the editors'
//      completion data (web-types.json, VS Code's custom data) offer the tags and attribute values;
//   1. TypeScript checks a React 19 app that uses the tags: typed attributes, a typed `ontl-…`
//      prop, a typed `addEventListener('tl-…')`, and errors where the types say no;
//   2. a plain HTML page that loads only dist/loader.js from a CDN-style path
//      (/npm/@tumblelog/elements@<version>/dist/loader.js) renders its elements, whose lazy
//      modules load from that same path (Chromium);
//   3. the React app, built by Vite (which honours the package's "sideEffects"), renders an
//      element and its `ontl-ask-sent` prop hears the event (React 19 adds custom-element
//      listeners from `on` + the event name);
//   4. a page of the same Vite build that imports only `@tumblelog/elements/loader`: the bundler
//      follows the loader's import of each element's registration, and the page's tags render
//      from the bundle's own chunks.
// Prints each check and a last line `N passed, N failed`; writes the counts to --results-file.
import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, createReadStream, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateCem } from '@wc-toolkit/cem-validator';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { CHROMIUM_ROOT_FLAGS, chromiumPath } from './lib/browsers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = process.argv.includes('--results-file') ? process.argv[process.argv.indexOf('--results-file') + 1] : null;
const scratch = mkdtempSync(join(tmpdir(), 'tl-package-'));
const results = { passed: 0, failed: 0 };

async function check(name, fn) {
  const started = performance.now();
  try {
    await fn();
    results.passed++;
    console.log(`  ✓ ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    results.failed++;
    console.log(
      `  ✗ ${name}\n    ${String(error?.stack ?? error)
        .split('\n')
        .slice(0, 8)
        .join('\n    ')}`,
    );
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Starts a tool of node_modules/.bin; resolves to its output, rejects with it when the tool exits
 * non-zero. Started as soon as the tarball exists, so it runs while the scratch app installs.
 */
function tool(name, args) {
  return new Promise((resolveRun, rejectRun) =>
    execFile(join(root, 'node_modules', '.bin', name), args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? rejectRun(new Error(`${name} failed:\n${stdout}${stderr}`, { cause: error })) : resolveRun(stdout),
    ),
  );
}

let browser = null;
let server = null;
try {
  // ---- pack and install, as a user would
  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', scratch], root))[0];
  const tarball = join(scratch, packed.filename);
  console.log(`package: ${packed.filename}, ${(packed.size / 1024).toFixed(0)} KiB packed, ${packed.entryCount} files`);
  // The package is ES modules only (browsers, bundlers, Node's import): attw's esm-only profile
  // leaves out node10 and require() from CommonJS, and checks node16 (from ESM) and bundler.
  const attw = tool('attw', [tarball, '--profile', 'esm-only', '--no-color', '--no-emoji']);
  const publint = tool('publint', [tarball, '--strict']);
  // Awaited by their checks; until then a failure must not count as unhandled.
  attw.catch(() => {});
  publint.catch(() => {});
  const app = join(scratch, 'app');
  mkdirSync(join(app, 'src'), { recursive: true });
  const repoVersion = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify(
      {
        name: 'scratch-app',
        private: true,
        type: 'module',
        dependencies: { '@tumblelog/elements': `file:${tarball}` },
        devDependencies: { '@types/react': repoVersion('@types/react'), '@types/react-dom': repoVersion('@types/react-dom') },
      },
      null,
      2,
    ),
  );
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], app);

  const pkg = join(app, 'node_modules', '@tumblelog', 'elements');
  const pkgJson = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  await check('the tarball holds the loader, every element, the typings, the manifest, the editor data and the licence', () => {
    const elements = readdirSync(join(pkg, 'dist', 'elements')).filter((f) => f.endsWith('.js'));
    assert(elements.length === 11, `11 element files, found ${elements.length}`);
    for (const file of [
      'dist/loader.js',
      'dist/bundler-loader.js',
      'dist/index.js',
      'types/elements.d.ts',
      'custom-elements.json',
      'dist/types/src/index.d.ts',
      'web-types.json',
      'vscode.html-custom-data.json',
      'LICENSE',
    ])
      statSync(join(pkg, file));
    assert(!pkgJson.private && pkgJson.license === 'MIT', `publishable under MIT: private=${pkgJson.private}, license=${pkgJson.license}`);
  });

  // ---- 0. the ecosystem's checks
  await check('publint finds nothing to report in the tarball (--strict: warnings count)', async () => {
    const out = await publint;
    assert(/All good!/.test(out), `publint said:\n${out}`);
  });

  await check('attw: every export resolves, with its types, under node16 (ESM) and bundler', () => attw);

  await check('@wc-toolkit/cem-validator passes the published manifest and package.json, every rule an error', async () => {
    const every = (names) => Object.fromEntries(names.map((n) => [n, 'error']));
    const cwd = process.cwd();
    // The validator reads package.json and looks for the manifest's files relative to the working folder.
    process.chdir(pkg);
    try {
      await validateCem(JSON.parse(readFileSync(join(pkg, 'custom-elements.json'), 'utf8')), {
        packageJsonPath: './package.json',
        cemFileName: 'custom-elements.json',
        rules: {
          packageJson: every(['packageType', 'main', 'module', 'types', 'exports', 'customElementsProperty', 'publishedCem']),
          manifest: every(['schemaVersion', 'modulePath', 'definitionPath', 'typeDefinitionPath', 'exportTypes', 'tagName']),
        },
      });
    } finally {
      process.chdir(cwd);
    }
  });

  await check(
    'editor completions: web-types.json (package.json "web-types") and the VS Code data list every tag and offer enum values',
    () => {
      const webTypes = JSON.parse(readFileSync(join(pkg, pkgJson['web-types']), 'utf8'));
      const vscode = JSON.parse(readFileSync(join(pkg, 'vscode.html-custom-data.json'), 'utf8'));
      const jbTags = webTypes.contributions.html.elements;
      assert(jbTags.length === 11 && vscode.tags.length === 11, `11 tags each: web-types ${jbTags.length}, VS Code ${vscode.tags.length}`);
      const trigger = vscode.tags.find((t) => t.name === 'ask-form')?.attributes.find((a) => a.name === 'trigger');
      assert(
        trigger?.values.map((v) => v.name).join() === 'button,menu,none',
        `VS Code ask-form trigger values: ${JSON.stringify(trigger)}`,
      );
      const jbTrigger = jbTags.find((t) => t.name === 'ask-form')?.attributes.find((a) => a.name === 'trigger');
      assert(jbTrigger?.value.type === "'button' | 'menu' | 'none'", `web-types ask-form trigger: ${JSON.stringify(jbTrigger)}`);
      // A JSON attribute's value is text: no object type's pieces offered as values.
      const junk = vscode.tags.flatMap((t) =>
        t.attributes.flatMap((a) => a.values.filter((v) => /[{}<>]/.test(v.name)).map(() => `${t.name} ${a.name}`)),
      );
      assert(junk.length === 0, `attributes offering types as values: ${junk.join(', ')}`);
    },
  );

  // ---- 1. TypeScript, in a React 19 app
  writeFileSync(
    join(app, 'src', 'App.tsx'),
    `
import '@tumblelog/elements/ask-form';
import '@tumblelog/elements/video-player';
import { configure, request, Requests } from '@tumblelog/elements';
import { useState } from 'react';

configure({ apiBase: '' });

export function App() {
  const [asked, setAsked] = useState('');
  return (
    <main>
      <ask-form blog-name="bob" trigger="menu" ontl-ask-sent={(event) => setAsked(event.detail.question)} />
      <video-player src="/v.mp4" width={640} height="360" autoplay loop ontl-video-state={(event) => event.detail.states.includes('playing')} />
      <p>{asked}</p>
      <button type="button" onClick={() => request(Requests.messagingOpen, { blogName: 'bob' })}>Message bob</button>
      <button type="button" onClick={() => request('tl-messaging-open', { blogName: 'bob' })}>The 0.1 name still compiles (deprecated)</button>
    </main>
  );
}

const form = document.querySelector('ask-form');
form?.addEventListener('tl-ask-sent', (event) => {
  const anonymous: boolean = event.detail.anonymous;
  return anonymous;
});
document.addEventListener('tl-gif-select', (event) => event.detail.mediaUrl.toUpperCase());
const trigger: 'button' | 'menu' | 'none' | undefined = form?.trigger;
export { trigger };

// What the types must refuse:
// @ts-expect-error 'nope' is not a trigger
export const badTrigger = <ask-form trigger="nope" />;
// @ts-expect-error the detail of tl-ask-sent has no "blog"
export const badDetail = <ask-form ontl-ask-sent={(event) => event.detail.blog} />;
// @ts-expect-error width is a number (or its text)
export const badWidth = <video-player width={{}} />;
// @ts-expect-error a flag is a boolean (or "")
export const badFlag = <video-player loop="sometimes" />;
// @ts-expect-error no element answers this request
export const badRequest = () => request('tl-nope-request', {});
// @ts-expect-error the detail of tl-messaging-open-request is { blogName? }
export const badRequestDetail = () => request(Requests.messagingOpen, { blog: 'bob' });
`,
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: [],
        },
        include: ['src'],
      },
      null,
      2,
    ),
  );
  await check('TypeScript checks a React 19 app: typed attributes, ontl-… props and tl-* listeners, and refuses wrong ones', () => {
    try {
      execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', app], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      throw new Error(`tsc failed:\n${error.stdout}${error.stderr}`, { cause: error });
    }
  });

  // ---- 2 and 3 in a real browser
  const bootstrap =
    '<script type="application/json" id="tumblelog-bootstrap">{"user":null,"channels":[],"flags":{},"apiBase":"","config":{}}</script>';
  writeFileSync(
    join(app, 'src', 'main.tsx'),
    `
import { createRoot } from 'react-dom/client';
import { App } from './App';
const heard: string[] = [];
(window as unknown as { heard: string[] }).heard = heard;
function Probe() {
  return <ask-form blog-name="bob" ontl-ask-sent={(event) => heard.push(event.detail.question)} />;
}
createRoot(document.getElementById('root')!).render(<><Probe /><App /></>);
`,
  );
  writeFileSync(
    join(app, 'index.html'),
    `<!DOCTYPE html><html><head>${bootstrap}</head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>`,
  );
  writeFileSync(join(app, 'src', 'loader-page.ts'), `import '@tumblelog/elements/loader';\n`);
  writeFileSync(
    join(app, 'loader.html'),
    `<!DOCTYPE html><html><head>${bootstrap}</head><body><ask-form blog-name="bob">Ask bob</ask-form><gif-search></gif-search><script type="module" src="/src/loader-page.ts"></script></body></html>`,
  );
  const viteStarted = performance.now();
  await build({
    root: app,
    logLevel: 'error',
    configFile: false,
    base: '/out/',
    build: { outDir: join(app, 'out'), rollupOptions: { input: { main: join(app, 'index.html'), loader: join(app, 'loader.html') } } },
  });
  console.log(`  (vite build: ${((performance.now() - viteStarted) / 1000).toFixed(1)} s)`);
  // A CDN serves the package's files under /npm/<name>@<version>/ (jsDelivr's, unpkg's shape).
  const cdnPath = `/npm/@tumblelog/elements@${pkgJson.version}/`;
  writeFileSync(
    join(app, 'plain.html'),
    `<!DOCTYPE html><html><head>${bootstrap}<script type="module" src="${cdnPath}dist/loader.js"></script></head>
<body><ask-form blog-name="bob">Ask bob</ask-form><video-player src="/none.mp4" width="320" height="180"></video-player><gif-search></gif-search></body></html>`,
  );

  const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.map': 'application/json' };
  server = createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const path = url.startsWith(cdnPath) ? join(pkg, url.slice(cdnPath.length)) : join(app, url);
    try {
      if (!path.startsWith(app) || !statSync(path).isFile()) throw new Error('not a file');
      res.writeHead(200, { 'Content-Type': MIME[extname(path)] ?? 'application/octet-stream' });
      createReadStream(path).pipe(res);
    } catch {
      // /svc calls and media: the page has no server behind it, and must still render.
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"meta":{"status":404,"msg":"Not Found"},"response":{}}');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${server.address().port}`;
  browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ROOT_FLAGS });

  const rendered = (page, tags) =>
    page.waitForFunction(
      (names) =>
        names.every((n) => {
          const el = document.querySelector(n);
          // Rendered, and not the runtime's "could not load" note (a video's own error overlay is fine:
          // these pages have no media behind them).
          return (
            el &&
            customElements.get(n) &&
            el.shadowRoot &&
            el.shadowRoot.childElementCount > 0 &&
            !el.shadowRoot.textContent.includes('This part of the page could not load.')
          );
        }),
      { timeout: 15_000 },
      tags,
    );

  /** A new page, recording its errors and each script it fetched (`<status> <path>`). */
  const recordedPage = async () => {
    const page = await browser.newPage();
    const errors = [];
    const scripts = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script') scripts.push(`${r.response()?.status()} ${new URL(r.url()).pathname}`);
    });
    return { page, errors, scripts };
  };

  await check(
    'a plain HTML page with only the loader, from a CDN-style path, renders its elements; their modules load from that path',
    async () => {
      const { page, errors, scripts } = await recordedPage();
      await page.goto(`${base}/plain.html`);
      await rendered(page, ['ask-form', 'video-player', 'gif-search']);
      const lazy = scripts.filter((s) => s.startsWith(`200 ${cdnPath}dist/elements/`));
      assert(lazy.length === 3, `the three elements' modules from ${cdnPath}dist/elements/, got: ${scripts.join(', ')}`);
      assert(
        scripts.some((s) => s.startsWith(`200 ${cdnPath}dist/chunks/`)),
        `shared chunks from ${cdnPath}dist/chunks/: ${scripts.join(', ')}`,
      );
      const elsewhere = scripts.filter((s) => !s.startsWith(`200 ${cdnPath}`));
      assert(elsewhere.length === 0, `scripts not loaded from the CDN path: ${elsewhere.join(', ')}`);
      const undefinedTags = await page.evaluate(() => ['blog-header', 'messaging-dock'].filter((t) => customElements.get(t)));
      assert(undefinedTags.length === 0, `tags not on the page were loaded: ${undefinedTags}`);
      assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
      await page.close();
    },
  );

  await check('a Vite-built React 19 app renders the elements, and its ontl-ask-sent prop hears the event', async () => {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${base}/out/index.html`);
    await rendered(page, ['ask-form', 'video-player']).catch(async (error) => {
      const state = await page.evaluate(() =>
        ['ask-form', 'video-player'].map((n) =>
          [...document.querySelectorAll(n)].map(
            (el) => `${n} defined=${Boolean(customElements.get(n))} shadow=${el.shadowRoot?.innerHTML.slice(0, 120)}`,
          ),
        ),
      );
      throw new Error(`not rendered: ${JSON.stringify(state)}; errors: ${errors.join('; ')}`, { cause: error });
    });
    const heard = await page.evaluate(() => {
      document
        .querySelector('ask-form')
        .dispatchEvent(
          new CustomEvent('tl-ask-sent', { detail: { blogName: 'bob', question: 'Hi?', anonymous: false }, bubbles: true, composed: true }),
        );
      return window.heard;
    });
    assert(JSON.stringify(heard) === '["Hi?"]', `the React listener heard ${JSON.stringify(heard)}`);
    assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
    await page.close();
  });

  await check('a Vite-built page importing only the loader renders its tags from the bundle, and no other tag', async () => {
    const { page, errors, scripts } = await recordedPage();
    await page.goto(`${base}/out/loader.html`);
    await rendered(page, ['ask-form', 'gif-search']).catch((error) => {
      throw new Error(`not rendered; scripts: ${scripts.join(', ')}; errors: ${errors.join('; ')}`, { cause: error });
    });
    const outside = scripts.filter((s) => !s.startsWith('200 /out/'));
    assert(outside.length === 0, `scripts from outside the bundle, or failed: ${outside.join(', ')}`);
    const others = await page.evaluate(() => ['blog-header', 'messaging-dock', 'video-player'].filter((t) => customElements.get(t)));
    assert(others.length === 0, `tags not on the page were loaded: ${others}`);
    assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
    await page.close();
  });
} catch (error) {
  results.failed++;
  console.log(
    `  ✗ packaging could not run\n    ${String(error?.stack ?? error)
      .split('\n')
      .slice(0, 8)
      .join('\n    ')}`,
  );
} finally {
  await browser?.close();
  server?.close();
  rmSync(scratch, { recursive: true, force: true });
}

if (resultsFile) writeFileSync(resultsFile, JSON.stringify(results));
console.log(`${results.passed} passed, ${results.failed} failed`);
process.exitCode = results.failed ? 1 : 0;
