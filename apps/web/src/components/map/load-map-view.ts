import { MAP_LOAD_RETRY_DELAYS_MS } from '@/config/constants';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function assertWebGL(): void {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  if (!context) throw new Error('WebGL is not available');
  context.getExtension('WEBGL_lose_context')?.loseContext();
}

async function attempt() {
  assertWebGL();
  return import('./MapView');
}

let loading: ReturnType<typeof attempt> | null = null;

/**
 * The map code (MapLibre, a lazy chunk) once WebGL is known to work: the first try and up to
 * three retries with growing waits (spec parts 8 and 9). A failure is not kept, so a later
 * visit tries again.
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
