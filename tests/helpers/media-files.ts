/** Small real audio and video files, for upload tests (the reference server checks what it stores). */

/** A short real clip, from the demo's sample media. */
export async function mp4File(name = 'clip.mp4'): Promise<File> {
  return new File([await (await fetch('/assets/media/short.mp4')).blob()], name, { type: 'video/mp4' });
}

/** An MP3's start: an ID3v2.3 tag with title, artist and album (Latin-1 text frames), then a frame sync. */
export function mp3File(tags: Record<'TIT2' | 'TPE1' | 'TALB', string>, name = 'song.mp3'): File {
  const bytes = (s: string) => [...s].map((c) => c.charCodeAt(0));
  const frames = Object.entries(tags).flatMap(([id, text]) => [...bytes(id), 0, 0, 0, text.length + 1, 0, 0, 0, ...bytes(text)]);
  const size = frames.length;
  return new File([new Uint8Array([...bytes('ID3'), 3, 0, 0, 0, 0, size >> 7, size & 0x7f, ...frames, 0xff, 0xfb, 0x90, 0x64])], name, {
    type: 'audio/mpeg',
  });
}

/** Picks files in a file input as a person does: its `files`, then `change`. */
export function chooseFiles(input: HTMLInputElement, files: File[]): void {
  const list = new DataTransfer();
  for (const file of files) list.items.add(file);
  input.files = list.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
