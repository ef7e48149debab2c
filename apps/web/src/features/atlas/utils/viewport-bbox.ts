import type { MapViewport } from '@/components/map/map-types';

/** The view is widened by this share of its size on each side, so small pans need no request. */
const VIEW_PADDING = 0.5;

const wrapLongitude = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * The box to ask for: the view widened and snapped outward to a grid (so nearby views share a
 * request and its cache), longitudes wrapped into [-180, 180) with west > east across the
 * antimeridian, as `west,south,east,north`; null for the whole world.
 */
export function requestBbox(view: MapViewport): string | null {
  const lngSpan = view.east - view.west;
  const latSpan = view.north - view.south;
  const padded = lngSpan * (1 + 2 * VIEW_PADDING);
  if (padded >= 360) return null;
  const step = 2 ** Math.ceil(Math.log2(Math.max(lngSpan, latSpan, 1e-4) / 4));
  const west = Math.floor((view.west - lngSpan * VIEW_PADDING) / step) * step;
  const east = Math.ceil((view.east + lngSpan * VIEW_PADDING) / step) * step;
  if (east - west >= 360) return null;
  const south = Math.max(-90, Math.floor((view.south - latSpan * VIEW_PADDING) / step) * step);
  const north = Math.min(90, Math.ceil((view.north + latSpan * VIEW_PADDING) / step) * step);
  const [wrappedWest, wrappedEast] = [wrapLongitude(west), wrapLongitude(east)];
  // An east edge that wraps onto -180 is the world's east edge.
  const eastEdge = wrappedEast === -180 ? 180 : wrappedEast;
  return [wrappedWest, south, eastEdge, north].map((value) => Number(value.toFixed(6))).join(',');
}
