import { MAP_LOAD_RETRY_DELAYS_MS } from '@/config/constants';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// No WebGL probe first: a context made only to be thrown away cost Atlas 0.4 s of main thread
// with software WebGL. Without WebGL the map's constructor throws and MapView reports it.
const attempt = () => import('./MapView');

let loading: ReturnType<typeof attempt> | null = null;

/**
 * The map code (MapLibre, a lazy chunk): the first try and up to three retries with growing
 * waits (spec parts 8 and 9). A failure is not kept, so a later visit tries again. Called early
 * by the screens with a map, so the chunk loads while the session is checked.
 */
export function loadMapView(): ReturnType<typeof attempt> {
  loading ??= (async () => {
    for (const delay of MAP_LOAD_RETRY_DELAYS_MS) {
      try {
        return await attempt();
      } catch {
        await wait(delay);
      }
    }
    return attempt();
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The offline basemap's countries, asked for with the map's code by the screens that draw it
 * (when no other style is configured), not once the map starts: on Atlas they would otherwise
 * queue behind the page's own requests.
 */
export function preloadBasemap(): void {
  // A failure is not kept: the map asks again, and draws its points without land meanwhile.
  import('./basemap').then((basemap) => basemap.loadBasemapData()).catch(() => undefined);
}
