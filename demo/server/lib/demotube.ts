/** The demo's stand-in video service (routes/upload.ts serves it; saved video posts link to it). */

/** The demo's sample videos: id → title. */
export const DEMOTUBE: Readonly<Record<string, string>> = {
  harbour: 'Harbour at dawn',
  'colour-bars': 'Colour bars, with a sweep',
  'slow-thumbnail': 'A video whose thumbnail comes late',
  'no-thumbnail': 'A video with no thumbnail',
};
