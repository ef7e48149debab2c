import type { IncidentMapReply, IncidentMapRequest } from './incident-map-messages';

/**
 * Fetches and reads Atlas's incident list off the page's thread: 10,000 incidents are 6 MB of
 * JSON, which neither the page's thread receives nor parses. This entry is small, so that the
 * list is asked for at once; the reading (zod and the contracts) loads meanwhile.
 */
const reader = import('./incident-lists');
// Reported when a request needs it (below), not as an unhandled rejection at start.
reader.catch(() => undefined);

async function fetchList(
  request: Extract<IncidentMapRequest, { kind: 'fetch' }>,
): Promise<IncidentMapReply> {
  const { requestId } = request;
  let text: string;
  let response: Response;
  try {
    response = await fetch(request.url, { headers: request.headers });
    if (!response.ok) {
      void response.body?.cancel();
      return { requestId, kind: 'fetched', status: response.status, etag: null, list: null };
    }
    text = await response.text();
  } catch {
    return { requestId, kind: 'unreachable' };
  }
  const list = await (await reader).readList(request.key, text);
  const etag = response.headers.get('etag');
  return { requestId, kind: 'fetched', status: response.status, etag, list };
}

async function answer(request: IncidentMapRequest): Promise<IncidentMapReply> {
  if (request.kind === 'fetch') return await fetchList(request);
  const areas = (await reader).areasOf(request.key, request.ids);
  return { requestId: request.requestId, kind: 'areas', areas };
}

addEventListener('message', (event: MessageEvent<IncidentMapRequest>) => {
  void answer(event.data).then(
    (reply) => postMessage(reply),
    (error: unknown) => {
      // Thrown uncaught, it fails this worker (its reader did not load): the page's client then
      // fails what waits and starts another for the next request.
      setTimeout(() => {
        throw error;
      });
    },
  );
});
