import { parseListReply } from '@/lib/parse-list';
import { Incident } from '@meridian/contracts';
import { incidentAreas, incidentPoints } from './incident-documents';
import type { IncidentMapReply, IncidentMapRequest } from './incident-map-messages';

/** The lists read last, by key (organization and scope): areas are cut from them. */
const lists = new Map<string, Incident[]>();
const KEPT_LISTS = 4;

function keep(key: string, incidents: Incident[]) {
  lists.delete(key);
  lists.set(key, incidents);
  for (const old of lists.keys()) if (lists.size > KEPT_LISTS) lists.delete(old);
}

async function answer(request: IncidentMapRequest): Promise<IncidentMapReply> {
  const { requestId } = request;
  if (request.kind === 'areas') {
    const areas = incidentAreas(lists.get(request.key) ?? [], request.ids);
    return { requestId, kind: 'areas', areas };
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(request.body));
  } catch {
    return { requestId, kind: 'notJson' };
  }
  const incidents = await parseListReply(Incident, body);
  if (!incidents) return { requestId, kind: 'failed' };
  keep(request.key, incidents);
  const { blob, located } = incidentPoints(incidents);
  return { requestId, kind: 'incidents', count: incidents.length, located, points: blob };
}

/** Reads Atlas's incident list off the main thread: 10,000 incidents are 6 MB of JSON. */
addEventListener('message', (event: MessageEvent<IncidentMapRequest>) => {
  void answer(event.data).then((reply) => postMessage(reply));
});
