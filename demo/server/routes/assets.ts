/**
 * Local, deterministic images (no network; CSP-safe; Cache-Control: public, max-age=3600).
 *   GET /assets/avatar/:blog/:size.svg  theme-coloured square with the blog's initial (16–512 px)
 *   GET /assets/header/:blog.svg        640×240 header: gradient + shapes from the blog's theme
 *   GET /assets/post/:id.svg            640×480 post picture (id may carry a suffix: 123-2.svg)
 */
import { Hono, type Context } from 'hono';
import { BLOG_NAME_RE, getBlog, parseTheme } from '../lib/blogs';
import { isDark, mix, readableOn, safeColor } from '../lib/color';
import { hash32, int, mulberry32, pick, rngFor, type Rng } from '../lib/random';
import type { AppEnv, Deps } from '../lib/types';

const ROUTE_PALETTES = [
  ['#1e3c72', '#2a5298', '#f9d976', '#f39f86'],
  ['#0f2027', '#2c5364', '#a8e063', '#56ab2f'],
  ['#614385', '#516395', '#ffd3a5', '#fd6585'],
  ['#ff9966', '#ff5e62', '#fff1c1', '#5b247a'],
  ['#134e5e', '#71b280', '#f5f7fa', '#c3cfe2'],
  ['#232526', '#414345', '#ee9ca7', '#ffdde1'],
  ['#2193b0', '#6dd5ed', '#fceabb', '#f8b500'],
  ['#3a1c71', '#d76d77', '#ffaf7b', '#fffbd5'],
] as const;

function svgResponse(c: Context<AppEnv>, svg: string): Response {
  return c.body(svg, 200, {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
}

function escXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function themeColors(deps: Deps, name: string) {
  const blog = getBlog(deps.db, name);
  if (!blog) return { bg: '#9aa5b1', link: '#52606d', title: '#1f2933' };
  const t = parseTheme(blog);
  return {
    bg: safeColor(t.background_color, '#ffffff'),
    link: safeColor(t.link_color, '#529ecc'),
    title: safeColor(t.title_color, '#444444'),
  };
}

export function avatarSvg(name: string, size: number, colors: { bg: string; link: string; title: string }): string {
  const rng = rngFor(`avatar:${name}`);
  // a strong fill: the link colour, unless it is too close to the page background
  const fill = colors.link;
  const ink = readableOn(fill);
  const letter = escXml((name.match(/[a-z0-9]/i)?.[0] ?? '?').toUpperCase());
  const shapes: string[] = [];
  for (let i = 0; i < 3; i++) {
    shapes.push(
      `<circle cx="${int(rng, 0, 128)}" cy="${int(rng, 0, 128)}" r="${int(rng, 18, 60)}" fill="${i % 2 ? colors.bg : colors.title}" opacity="0.18"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 128 128" role="img" aria-label="${escXml(name)}">` +
    `<rect width="128" height="128" fill="${fill}"/>${shapes.join('')}` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="68" font-weight="700" fill="${ink}">${letter}</text></svg>`
  );
}

/** Each pack's sounds as (frequency Hz, duration ms) notes. */
export const SOUND_PACKS: Readonly<Record<string, Readonly<Record<string, ReadonlyArray<readonly [number, number]>>>>> = {
  classic: {
    'new-message': [
      [880, 90],
      [1320, 140],
    ],
    sent: [[660, 70]],
  },
  soft: {
    'new-message': [
      [523, 120],
      [659, 120],
      [784, 160],
    ],
    sent: [[440, 60]],
  },
};

/** A mono 16-bit 22.05 kHz WAV of the notes, each faded in and out (no clicks). */
export function wavTones(notes: ReadonlyArray<readonly [number, number]>): ArrayBuffer {
  const rate = 22050;
  const samples: number[] = [];
  for (const [freq, ms] of notes) {
    const n = Math.round((rate * ms) / 1000);
    for (let i = 0; i < n; i++) {
      const fade = Math.min(1, i / 200, (n - i) / 400);
      samples.push(Math.round(Math.sin((2 * Math.PI * freq * i) / rate) * 0.35 * fade * 32767));
    }
  }
  const data = samples.length * 2;
  const buf = new DataView(new ArrayBuffer(44 + data));
  const text = (at: number, s: string) => [...s].forEach((ch, i) => buf.setUint8(at + i, ch.charCodeAt(0)));
  text(0, 'RIFF');
  buf.setUint32(4, 36 + data, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  buf.setUint32(16, 16, true);
  buf.setUint16(20, 1, true);
  buf.setUint16(22, 1, true);
  buf.setUint32(24, rate, true);
  buf.setUint32(28, rate * 2, true);
  buf.setUint16(32, 2, true);
  buf.setUint16(34, 16, true);
  text(36, 'data');
  buf.setUint32(40, data, true);
  samples.forEach((v, i) => buf.setInt16(44 + i * 2, v, true));
  return buf.buffer as ArrayBuffer;
}

export function headerSvg(name: string, colors: { bg: string; link: string; title: string }): string {
  const rng = rngFor(`header:${name}`);
  const a = mix(colors.link, colors.bg, 0.15);
  const b = mix(colors.link, isDark(colors.bg) ? '#000000' : colors.title, 0.45);
  const shapes: string[] = [];
  const style = int(rng, 0, 2);
  if (style === 0) {
    for (let i = 0; i < 14; i++) {
      shapes.push(
        `<circle cx="${int(rng, 0, 640)}" cy="${int(rng, 0, 240)}" r="${int(rng, 8, 70)}" fill="${pick(rng, [colors.bg, colors.title, '#ffffff'])}" opacity="${(0.08 + rng() * 0.22).toFixed(2)}"/>`,
      );
    }
  } else if (style === 1) {
    for (let layer = 0; layer < 3; layer++) {
      let d = `M0 240 L0 ${int(rng, 110, 190)}`;
      for (let x = 40; x <= 640; x += 40) d += ` L${x} ${int(rng, 90 + layer * 30, 200)}`;
      d += ' L640 240 Z';
      shapes.push(`<path d="${d}" fill="${mix(colors.title, colors.bg, layer * 0.35)}" opacity="${(0.35 + layer * 0.2).toFixed(2)}"/>`);
    }
    shapes.push(`<circle cx="${int(rng, 80, 560)}" cy="${int(rng, 40, 90)}" r="${int(rng, 20, 36)}" fill="#ffffff" opacity="0.7"/>`);
  } else {
    for (let i = 0; i < 9; i++) {
      const x = int(rng, -40, 600);
      shapes.push(
        `<rect x="${x}" y="${int(rng, -60, 200)}" width="${int(rng, 40, 180)}" height="${int(rng, 20, 90)}" transform="rotate(${int(rng, -35, 35)} ${x} 120)" fill="${pick(rng, [colors.bg, colors.title, '#ffffff'])}" opacity="${(0.1 + rng() * 0.25).toFixed(2)}"/>`,
      );
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="240" viewBox="0 0 640 240" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${escXml(name)} header">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
    `<rect width="640" height="240" fill="url(#g)"/>${shapes.join('')}</svg>`
  );
}

function scene(rng: Rng): string[] {
  const out: string[] = [];
  const [sky1, sky2, sun, ground] = pick(rng, ROUTE_PALETTES);
  out.push(
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky1}"/><stop offset="1" stop-color="${sky2}"/></linearGradient></defs>`,
  );
  out.push('<rect width="640" height="480" fill="url(#s)"/>');
  out.push(`<circle cx="${int(rng, 90, 550)}" cy="${int(rng, 80, 200)}" r="${int(rng, 30, 70)}" fill="${sun}" opacity="0.9"/>`);
  for (let layer = 0; layer < 3; layer++) {
    let d = `M0 480 L0 ${int(rng, 260, 380)}`;
    for (let x = 80; x <= 640; x += 80) d += ` Q${x - 40} ${int(rng, 220, 360) + layer * 30} ${x} ${int(rng, 280, 400) + layer * 20}`;
    d += ' L640 480 Z';
    out.push(`<path d="${d}" fill="${mix(ground, '#000000', layer * 0.22)}" opacity="${(0.55 + layer * 0.2).toFixed(2)}"/>`);
  }
  const extras = int(rng, 2, 6);
  for (let i = 0; i < extras; i++) {
    if (rng() < 0.5) {
      out.push(
        `<rect x="${int(rng, 20, 560)}" y="${int(rng, 40, 300)}" width="${int(rng, 20, 90)}" height="${int(rng, 20, 90)}" rx="${int(rng, 0, 12)}" fill="#ffffff" opacity="${(0.15 + rng() * 0.3).toFixed(2)}"/>`,
      );
    } else {
      out.push(
        `<ellipse cx="${int(rng, 20, 620)}" cy="${int(rng, 40, 200)}" rx="${int(rng, 30, 90)}" ry="${int(rng, 10, 26)}" fill="#ffffff" opacity="${(0.3 + rng() * 0.4).toFixed(2)}"/>`,
      );
    }
  }
  return out;
}

export function postSvg(id: string): string {
  const rng = mulberry32(hash32(`post:${id}`));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480" role="img" aria-label="Picture for post ${escXml(id)}">` +
    `${scene(rng).join('')}</svg>`
  );
}

export function assetRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/assets/avatar/:blog/:file', (c) => {
    const name = c.req.param('blog');
    const m = /^(\d{1,3})\.svg$/.exec(c.req.param('file'));
    if (!BLOG_NAME_RE.test(name) || !m) return c.notFound();
    const size = Math.min(Math.max(Number(m[1]), 16), 512);
    return svgResponse(c, avatarSvg(name, size, themeColors(deps, name)));
  });

  r.get('/assets/header/:file', (c) => {
    const m = /^(.+)\.svg$/.exec(c.req.param('file'));
    const name = m?.[1] ?? '';
    if (!BLOG_NAME_RE.test(name)) return c.notFound();
    return svgResponse(c, headerSvg(name, themeColors(deps, name)));
  });

  // The messaging sound packs (messaging spec §3 Notification sound): short tones made here, as WAV.
  r.get('/assets/sounds/:pack/:file', (c) => {
    const tones = SOUND_PACKS[c.req.param('pack')]?.[c.req.param('file').replace(/\.wav$/, '')];
    if (!tones || !c.req.param('file').endsWith('.wav')) return c.notFound();
    return new Response(wavTones(tones), { headers: { 'Content-Type': 'audio/wav', 'Cache-Control': 'public, max-age=3600' } });
  });

  r.get('/assets/post/:file', (c) => {
    const m = /^(\d{1,20}(?:-\d{1,3})?)\.svg$/.exec(c.req.param('file'));
    if (!m) return c.notFound();
    return svgResponse(c, postSvg(m[1]!));
  });

  return r;
}
