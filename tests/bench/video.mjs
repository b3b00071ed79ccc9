// Bytes a page downloads for one <video-player>: an MP4 player (hls.js must be absent) and an
// HLS player — native HLS where Chromium has it, and through hls.js with native HLS hidden
// (what Firefox and engines without native HLS load). Each page loads the loader, one player,
// presses play and plays 3 s. Counted with the DevTools protocol (encoded bytes over the wire).
// Printed numbers only.
//   node tests/bench/video.mjs        (after `npm run build`; also part of `npm run bench`)
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './browser.mjs';
import { startDemo } from './demo-server.mjs';

const PAGES = {
  mp4: '<video-player src="/assets/media/sd.mp4" hd-url="/assets/media/hd.mp4" poster="/assets/media/poster.jpg"></video-player>',
  hls: '<video-player hls-service="/assets/media/hls/index.m3u8" src="/assets/media/sd.mp4" poster="/assets/media/poster.jpg"></video-player>',
};

async function measure(browser, origin, body, { hideNativeHls = false } = {}) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const urls = new Map();
  const bytes = new Map();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId) ?? '';
    bytes.set(url, (bytes.get(url) ?? 0) + e.encodedDataLength);
  });
  if (hideNativeHls) {
    await page.evaluateOnNewDocument(() => {
      const original = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type) {
        return /mpegurl/i.test(type) ? '' : original.call(this, type);
      };
    });
  }
  // A blank same-origin page, then our markup (the demo's CSP allows /dist scripts only).
  await page.goto(`${origin}/__demo/faults`);
  await page.evaluate((html) => {
    document.documentElement.innerHTML = `<head><title>bench</title></head><body style="width:640px">${html}</body>`;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = '/dist/loader.js';
    document.head.append(script);
  }, body);
  await page.waitForFunction(() => document.querySelector('video-player')?.shadowRoot?.querySelector('[part="big-play-button"]'), {
    timeout: 30_000,
  });
  const loadedBeforePlay = [...bytes.values()].reduce((a, b) => a + b, 0);
  await page.evaluate(() => document.querySelector('video-player').shadowRoot.querySelector('[part="big-play-button"]').click());
  await page.waitForFunction(() => (document.querySelector('video-player').shadowRoot.querySelector('video')?.currentTime ?? 0) > 3, {
    timeout: 30_000,
  });
  const hlsJs = [...bytes.keys()].some((u) => /\/chunks\/hls-[^/]+\.js$/.test(u));
  await page.close();
  const sum = (test) => [...bytes.entries()].filter(([u]) => test(u)).reduce((a, [, b]) => a + b, 0);
  return {
    scripts: sum((u) => u.endsWith('.js')),
    hlsJs: sum((u) => /\/chunks\/hls-[^/]+\.js$/.test(u)),
    media: sum((u) => u.includes('/assets/media/')),
    total: sum(() => true),
    beforePlay: loadedBeforePlay,
    hlsJsLoaded: hlsJs,
  };
}

export async function videoBench() {
  if (!existsSync('dist/loader.js')) throw new Error('dist/ is missing: run `npm run build` first');
  const demo = await startDemo('video');
  const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
  try {
    // The first request makes the sample media.
    await fetch(`${demo.origin}/assets/media/sd.mp4`, { method: 'HEAD' });
    return {
      'one MP4 player': await measure(browser, demo.origin, PAGES.mp4),
      'one HLS player (native HLS)': await measure(browser, demo.origin, PAGES.hls),
      'one HLS player (hls.js)': await measure(browser, demo.origin, PAGES.hls, { hideNativeHls: true }),
    };
  } finally {
    await browser.close();
    demo.close();
  }
}

export function printVideo(results) {
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log('\nBytes loaded by a page with one <video-player> (Chromium, over the wire, 3 s played)');
  console.log(
    `  ${'page'.padEnd(30)} ${'before play'.padStart(12)} ${'scripts'.padStart(10)} ${'hls.js'.padStart(10)} ${'media'.padStart(10)} ${'total'.padStart(10)}`,
  );
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `  ${name.padEnd(30)} ${kib(r.beforePlay).padStart(12)} ${kib(r.scripts).padStart(10)} ${(r.hlsJsLoaded ? kib(r.hlsJs) : 'absent').padStart(10)} ${kib(r.media).padStart(10)} ${kib(r.total).padStart(10)}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printVideo(await videoBench());
