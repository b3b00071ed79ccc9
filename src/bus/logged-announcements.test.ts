/**
 * docs/logging.md lists every behaviour-log event: each logged announcement (LOGGED_ANNOUNCEMENTS)
 * and each event an element logs directly with `logEvent('…')` (or `video_<kind>`), and nothing else.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGGED_ANNOUNCEMENTS, logEventName } from './logged-announcements';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.test-helpers\.ts$/.test(name) ? [path] : [];
  });
}

const documented = new Set([...readFileSync(join(ROOT, 'docs', 'logging.md'), 'utf8').matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]!));

describe('docs/logging.md', () => {
  it('names events as announcements without tl-, in snake case', () => {
    expect(logEventName('tl-ask-sent')).toBe('ask_sent');
    expect(logEventName('tl-blog-card-open')).toBe('blog_card_open');
  });

  it('lists every logged event, and only those', () => {
    const direct = sources(join(ROOT, 'elements'))
      .concat(sources(join(ROOT, 'src')))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/logEvent\('([a-z_]+)'/g)].map((m) => m[1]!));
    const kinds = /export type VideoLogKind = ([^;]+);/.exec(
      readFileSync(join(ROOT, 'elements', 'video-player', 'model', 'playback-log.ts'), 'utf8'),
    )![1]!;
    const video = [...kinds.matchAll(/'([a-z]+)'/g)].map((m) => `video_${m[1]}`);
    const announced = Object.keys(LOGGED_ANNOUNCEMENTS).map(logEventName);
    const expected = new Set([...announced, ...direct, ...video]);
    expect(direct.length).toBeGreaterThan(4);
    expect(video.length).toBeGreaterThan(5);
    expect([...documented].sort()).toEqual([...expected].sort());
  });
});
