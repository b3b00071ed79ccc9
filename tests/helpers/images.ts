/** Small real images drawn in a canvas, for upload tests (one colour each, so a test can tell them apart). */
export async function canvasImage(
  name: string,
  options: { colour?: string; width?: number; height?: number; type?: 'image/jpeg' | 'image/png' } = {},
): Promise<File> {
  const { colour = '#3a7bd5', width = 64, height = 48, type = 'image/jpeg' } = options;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = colour;
  context.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob gave nothing'))), type, 0.9),
  );
  return new File([blob], name, { type });
}
