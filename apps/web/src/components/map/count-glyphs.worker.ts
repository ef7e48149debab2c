/// <reference lib="webworker" />
import { drawCountGlyphs, type CountGlyphs } from './count-glyphs';

/** Draws the cluster counts' characters off the page's thread (see count-glyphs.ts). */
self.addEventListener('message', (event: MessageEvent<{ pixelRatio: number }>) => {
  const context = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
  const glyphs: CountGlyphs | null = context
    ? drawCountGlyphs(context, event.data.pixelRatio)
    : null;
  self.postMessage(glyphs);
});
