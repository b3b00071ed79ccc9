#!/usr/bin/env node
// Makes sure the browsers (and helpers) the test run needs are on this machine.
// Nothing is downloaded by a test tool: we use Debian's packages (see shared/TOOLCHAIN.md).
//   - as root: installs whatever is missing with apt-get
//   - otherwise: prints the exact command to run and exits 1
import { existsSync, accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const APT_PACKAGES = [
  'chromium',
  'chromium-driver',
  'firefox-esr',
  'webkit2gtk-driver',
  'xvfb',
  'ffmpeg',
  'fonts-dejavu-core',
  // WebKitGTK plays <video-player>'s H.264/AAC MP4 through GStreamer: qtdemux (good) and the libav decoders.
  'gstreamer1.0-plugins-good',
  'gstreamer1.0-libav',
];

function onPath(name) {
  for (const dir of (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(delimiter)) {
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      /* keep looking */
    }
  }
  return null;
}

const anyOf = (...files) => files.find((f) => existsSync(f)) ?? null;

/** Each requirement: what it is, how we find it, which package provides it. */
export const REQUIREMENTS = [
  { name: 'Chromium', find: () => anyOf('/usr/bin/chromium', '/usr/lib/chromium/chromium'), pkg: 'chromium' },
  { name: 'Firefox ESR', find: () => anyOf('/usr/bin/firefox-esr'), pkg: 'firefox-esr' },
  { name: 'WebKitWebDriver', find: () => onPath('WebKitWebDriver') ?? anyOf('/usr/bin/WebKitWebDriver'), pkg: 'webkit2gtk-driver' },
  {
    name: 'WebKitGTK MiniBrowser',
    find: () => anyOf('/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'),
    pkg: 'webkit2gtk-driver',
  },
  { name: 'Xvfb', find: () => onPath('Xvfb') ?? anyOf('/usr/bin/Xvfb'), pkg: 'xvfb' },
  { name: 'ffmpeg', find: () => onPath('ffmpeg') ?? anyOf('/usr/bin/ffmpeg'), pkg: 'ffmpeg' },
  {
    name: 'GStreamer MP4 demuxer',
    find: () =>
      anyOf('/usr/lib/x86_64-linux-gnu/gstreamer-1.0/libgstisomp4.so', '/usr/lib/aarch64-linux-gnu/gstreamer-1.0/libgstisomp4.so'),
    pkg: 'gstreamer1.0-plugins-good',
  },
  {
    name: 'GStreamer libav decoders',
    find: () => anyOf('/usr/lib/x86_64-linux-gnu/gstreamer-1.0/libgstlibav.so', '/usr/lib/aarch64-linux-gnu/gstreamer-1.0/libgstlibav.so'),
    pkg: 'gstreamer1.0-libav',
  },
  { name: 'DejaVu fonts', find: () => anyOf('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'), pkg: 'fonts-dejavu-core' },
];

export function missingRequirements() {
  return REQUIREMENTS.filter((r) => !r.find());
}

function run(command, args, env = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function ensureBrowsers() {
  const missing = missingRequirements();
  if (missing.length === 0) {
    console.log('ensure-browsers: all present — ' + REQUIREMENTS.map((r) => `${r.name} (${r.find()})`).join(', '));
    return 0;
  }
  console.log(`ensure-browsers: missing ${missing.map((r) => r.name).join(', ')}`);
  const installCommand = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${APT_PACKAGES.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      [
        '',
        'The browser tests need Debian packages that are not installed, and this run is not root.',
        'Install them with:',
        '',
        `  sudo sh -c '${installCommand}'`,
        '',
        'then run the tests again.',
      ].join('\n'),
    );
    return 1;
  }
  if (!onPath('apt-get')) {
    console.error(`ensure-browsers: apt-get not found; install these packages by hand: ${APT_PACKAGES.join(' ')}`);
    return 1;
  }
  const started = Date.now();
  if (run('apt-get', ['update']) !== 0) {
    console.error('ensure-browsers: apt-get update failed');
    return 1;
  }
  const status = run('apt-get', ['install', '-y', ...APT_PACKAGES], { DEBIAN_FRONTEND: 'noninteractive' });
  if (status !== 0) {
    console.error('ensure-browsers: apt-get install failed');
    return 1;
  }
  const still = missingRequirements();
  if (still.length > 0) {
    console.error(`ensure-browsers: still missing after install: ${still.map((r) => `${r.name} (package ${r.pkg})`).join(', ')}`);
    return 1;
  }
  console.log(`ensure-browsers: installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exit(ensureBrowsers());
}
