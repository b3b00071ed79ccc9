/**
 * Sample media for <video-player>, made with ffmpeg (Debian package `ffmpeg`) into
 * `<dataDir>/media/` the first time a media file is asked for — never into the repository.
 *
 *   sd.mp4, hd.mp4     8 s, 640×360 and 1280×720, H.264 Main + AAC, a burnt-in "SD/HD hh:mm:ss.mmm"
 *                      timer at the top (so the HD swap keeping the position can be seen), a 440 Hz tone
 *   short.mp4          exactly 1 s (the minimum loop duration: does not loop)
 *   hls/index.m3u8     HLS VOD playlist of sd.mp4, fMP4 segments of 2 s (init.mp4, seg0–3.m4s)
 *   filmstrip.jpg      8 frames of 160×90 in one row (one per second)
 *   poster.jpg         a 1280×720 still
 *   broken.mp4         bytes that are not a video (the error state)
 *
 * H.264/AAC in MP4 plays in Chromium and Firefox (system libavcodec) and in WebKitGTK
 * (GStreamer: gstreamer1.0-plugins-good for qtdemux, gstreamer1.0-libav for the decoders).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Bump when the files or their encoding change: an older media dir is made again. */
export const MEDIA_VERSION = '2';
export const MEDIA_DURATION_S = 8;
export const FILMSTRIP = { url: '/assets/media/filmstrip.jpg', width: 160, height: 90, frames: 8 } as const;
export const SAMPLE_MEDIA = {
  sd: '/assets/media/sd.mp4',
  hd: '/assets/media/hd.mp4',
  short: '/assets/media/short.mp4',
  hls: '/assets/media/hls/index.m3u8',
  poster: '/assets/media/poster.jpg',
  broken: '/assets/media/broken.mp4',
  filmstrip: FILMSTRIP,
} as const;

const FONT_CANDIDATES = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'];

function timerFilter(label: string, size: number, margin: number): string {
  const font = FONT_CANDIDATES.find((f) => existsSync(f));
  // Without a font file drawtext cannot run: the picture still has testsrc2's own counter.
  if (!font) return 'null';
  return `drawtext=fontfile=${font}:text='${label} %{pts\\:hms}':fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.65:boxborderw=8:x=(w-tw)/2:y=${margin}`;
}

function encode(out: string, width: number, height: number, seconds: number, label: string, audio: boolean): string[] {
  const size = Math.round(height / 10);
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=24:duration=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}:sample_rate=44100`] : []),
    '-vf',
    timerFilter(label, size, Math.round(height / 18)),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '24',
    '-crf',
    '30',
    ...(audio ? ['-c:a', 'aac', '-b:a', '48k', '-shortest'] : ['-an']),
    '-t',
    String(seconds),
    '-movflags',
    '+faststart',
    out,
  ];
}

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', args, { timeout: 120_000 });
}

async function generate(dir: string): Promise<void> {
  mkdirSync(join(dir, 'hls'), { recursive: true });
  await Promise.all([
    ffmpeg(encode(join(dir, 'sd.mp4'), 640, 360, MEDIA_DURATION_S, 'SD', true)),
    ffmpeg(encode(join(dir, 'hd.mp4'), 1280, 720, MEDIA_DURATION_S, 'HD', true)),
  ]);
  await Promise.all([
    ffmpeg(encode(join(dir, 'short.mp4'), 640, 360, 1, 'SHORT', false)),
    ffmpeg([
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      join(dir, 'sd.mp4'),
      '-c',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      '2',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_segment_filename',
      join(dir, 'hls', 'seg%d.m4s'),
      join(dir, 'hls', 'index.m3u8'),
    ]),
    ffmpeg([
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      join(dir, 'sd.mp4'),
      '-vf',
      `fps=1,scale=${FILMSTRIP.width}:${FILMSTRIP.height},tile=${FILMSTRIP.frames}x1`,
      '-frames:v',
      '1',
      '-q:v',
      '5',
      join(dir, 'filmstrip.jpg'),
    ]),
    ffmpeg([
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      '1',
      '-i',
      join(dir, 'hd.mp4'),
      '-frames:v',
      '1',
      '-q:v',
      '4',
      join(dir, 'poster.jpg'),
    ]),
  ]);
  writeFileSync(join(dir, 'broken.mp4'), Buffer.from('this is not a video file '.repeat(64)));
}

const pending = new Map<string, Promise<string>>();

/**
 * The media directory for `dataDir`, generated on first use (one generation per directory at a
 * time; made in a temporary directory and renamed, so a half-made set is never served).
 */
export function ensureMedia(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'media');
  const marker = join(dir, '.version');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === MEDIA_VERSION) return Promise.resolve(dir);
  let job = pending.get(dir);
  if (!job) {
    job = (async () => {
      const tmp = join(dataDir, `media.tmp-${process.pid}-${Date.now()}`);
      const started = Date.now();
      try {
        await generate(tmp);
        writeFileSync(join(tmp, '.version'), MEDIA_VERSION);
        rmSync(dir, { recursive: true, force: true });
        renameSync(tmp, dir);
        console.log(`[demo] sample media generated in ${dir} (${Date.now() - started} ms)`);
        return dir;
      } catch (error) {
        rmSync(tmp, { recursive: true, force: true });
        throw error;
      } finally {
        pending.delete(dir);
      }
    })();
    pending.set(dir, job);
  }
  return job;
}
