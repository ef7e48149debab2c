import type { Map as MapLibreMap } from 'maplibre-gl';
import { drawCountGlyphs, type CountGlyphs } from './count-glyphs';

/** Cluster counts are icons drawn on demand: the offline basemap has no glyphs for text. */
export const COUNT_IMAGE_PREFIX = 'cluster-count:';

/*
 * Drawing the glyphs is the first use of a 2D canvas and of the system font: about 0.2 s here,
 * which on the page's thread landed in the middle of Atlas's first frames. A worker draws them
 * on an OffscreenCanvas as soon as a map starts; the page draws them itself only if it needs
 * them before the worker is done (or where there is no OffscreenCanvas).
 */

/** The glyphs drawn so far, by pixel ratio; null where no 2D canvas could be had. */
const drawn = new Map<number, CountGlyphs | null>();
const asked = new Set<number>();

/** Starts drawing the glyphs in a worker (once per pixel ratio); `countGlyphs` then has them. */
export function prepareCountGlyphs(pixelRatio: number): void {
  if (asked.has(pixelRatio) || drawn.has(pixelRatio) || typeof OffscreenCanvas === 'undefined')
    return;
  asked.add(pixelRatio);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./count-glyphs.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return;
  }
  const done = () => worker.terminate();
  worker.addEventListener('message', (event: MessageEvent<CountGlyphs | null>) => {
    if (event.data && !drawn.has(pixelRatio)) drawn.set(pixelRatio, event.data);
    done();
  });
  worker.addEventListener('error', done);
  worker.postMessage({ pixelRatio });
}

/** The glyphs at `pixelRatio`: the worker's, or drawn here now if they are not there yet. */
function countGlyphs(pixelRatio: number): CountGlyphs | null {
  if (!drawn.has(pixelRatio)) {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    drawn.set(pixelRatio, context ? drawCountGlyphs(context, pixelRatio) : null);
  }
  return drawn.get(pixelRatio) ?? null;
}

/**
 * A cluster's count as white text, the icon behind COUNT_IMAGE_PREFIX + count: its characters'
 * pixels copied side by side. Drawing each count on a canvas and reading it back cost the world
 * view over a second of main thread (hundreds of counts, software WebGL).
 */
export function addCountImage(map: MapLibreMap, id: string) {
  const text = id.slice(COUNT_IMAGE_PREFIX.length);
  const pixelRatio = window.devicePixelRatio || 1;
  const drawnGlyphs = countGlyphs(pixelRatio);
  if (!drawnGlyphs) return;
  const { height, pad, glyphs } = drawnGlyphs;
  const parts = [...text].flatMap((character) => glyphs.get(character) ?? []);
  const width = parts.reduce((sum, glyph) => sum + glyph.width, 2 * pad);
  const data = new Uint8ClampedArray(width * height * 4);
  let x = pad;
  for (const glyph of parts) {
    for (let row = 0; row < height; row += 1) {
      const from = row * glyph.width * 4;
      data.set(glyph.data.subarray(from, from + glyph.width * 4), (row * width + x) * 4);
    }
    x += glyph.width;
  }
  map.addImage(id, { width, height, data }, { pixelRatio });
}
