/**
 * The characters a cluster count is written with (point_count_abbreviated: "7", "512", "3.4k"),
 * each drawn once, white on transparent: a count's icon is its characters' pixels side by side
 * (count-images.ts). Drawn on a page's canvas or a worker's OffscreenCanvas alike.
 */
const COUNT_CHARACTERS = '0123456789.k';

export type CountGlyphs = {
  height: number;
  pad: number;
  glyphs: ReadonlyMap<string, ImageData>;
};

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** The characters at `pixelRatio`, on `context` (whose canvas is resized). */
export function drawCountGlyphs(context: Context2D, pixelRatio: number): CountGlyphs {
  const font = `600 ${11 * pixelRatio}px system-ui, sans-serif`;
  const height = Math.ceil(14 * pixelRatio);
  context.font = font;
  const widths = [...COUNT_CHARACTERS].map((character) =>
    Math.max(1, Math.ceil(context.measureText(character).width)),
  );
  // Resizing the canvas clears it and resets its state: once, before drawing. A pixel between
  // characters keeps one's antialiased edge out of the next.
  context.canvas.width = widths.reduce((sum, width) => sum + width + 1, 0);
  context.canvas.height = height;
  context.font = font;
  context.fillStyle = '#ffffff';
  context.textBaseline = 'middle';
  const glyphs = new Map<string, ImageData>();
  let x = 0;
  for (const [index, character] of [...COUNT_CHARACTERS].entries()) {
    const width = widths[index] ?? 1;
    context.fillText(character, x, height / 2);
    glyphs.set(character, context.getImageData(x, 0, width, height));
    x += width + 1;
  }
  return { height, pad: Math.round(pixelRatio), glyphs };
}
