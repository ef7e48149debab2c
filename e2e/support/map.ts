import type { Locator, Page } from 'playwright-core';

/** The map container; MapLibre reports its state and camera in data-* attributes. */
export const mapOf = (page: Page): Locator => page.getByTestId('map');

export async function waitForMapReady(page: Page): Promise<Locator> {
  const map = mapOf(page);
  await page.locator('[data-testid="map"][data-state="ready"]').waitFor({ timeout: 20_000 });
  return map;
}

export async function camera(page: Page): Promise<{ lat: number; lng: number; zoom: number }> {
  const map = mapOf(page);
  const [lat = NaN, lng = NaN] = ((await map.getAttribute('data-center')) ?? '')
    .split(',')
    .map(Number);
  return { lat, lng, zoom: Number(await map.getAttribute('data-zoom')) };
}

/** Where a coordinate is on screen, by Web Mercator from the camera the map reports (512 px tiles). */
export async function screenPoint(
  page: Page,
  lat: number,
  lng: number,
): Promise<{ x: number; y: number }> {
  const box = await mapOf(page).boundingBox();
  if (!box) throw new Error('The map is not visible');
  const view = await camera(page);
  const worldSize = 512 * 2 ** view.zoom;
  const x = (longitude: number) => ((longitude + 180) / 360) * worldSize;
  const y = (latitude: number) => {
    const sin = Math.sin((latitude * Math.PI) / 180);
    return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldSize;
  };
  return {
    x: box.x + box.width / 2 + x(lng) - x(view.lng),
    y: box.y + box.height / 2 + y(lat) - y(view.lat),
  };
}
