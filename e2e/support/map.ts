import type { Locator, Page } from '@playwright/test';

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

/**
 * Waits until the map is ready for a picture: the basemap drawn, painted for the theme, and
 * the points drawn (MapView sets these data-* attributes once the map is idle after each).
 */
export async function waitForMapPainted(
  page: Page,
  expected: { theme: 'light' | 'dark'; shipments: number; incidents: number },
): Promise<void> {
  await page
    .locator(
      [
        '[data-testid="map"]',
        '[data-basemap="drawn"]',
        `[data-painted-theme="${expected.theme}"]`,
        `[data-drawn-shipments="${expected.shipments}"]`,
        `[data-drawn-incidents="${expected.incidents}"]`,
      ].join(''),
    )
    .waitFor({ timeout: 20_000 });
}

/** Waits until the given numbers of shipments and incidents are on screen (map idle after setData). */
export async function waitForPointsDrawn(
  page: Page,
  expected: { shipments: number; incidents: number },
): Promise<void> {
  await page
    .locator(
      `[data-testid="map"][data-drawn-shipments="${expected.shipments}"][data-drawn-incidents="${expected.incidents}"]`,
    )
    .waitFor({ timeout: 20_000 });
}

/**
 * The text of the map's hover popup over a point. MapLibre answers mouse moves, not positions:
 * a move that lands before a layer's tiles are placed shows nothing, and nothing moves again.
 * So each try leaves the point and comes back, until the popup appears (or the timeout).
 */
export async function hoverText(
  page: Page,
  point: { x: number; y: number },
  timeout = 15_000,
): Promise<string> {
  const popup = page.locator('.maplibregl-popup');
  const deadline = Date.now() + timeout;
  for (;;) {
    await page.mouse.move(point.x + 40, point.y + 40);
    await page.mouse.move(point.x, point.y, { steps: 2 });
    try {
      await popup.waitFor({ timeout: 1_000 });
      return await popup.innerText();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}
