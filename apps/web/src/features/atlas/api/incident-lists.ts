import { parseListReply } from '@/lib/parse-list';
import { IncidentReader, type ReadIncident } from '@/lib/readers';
import { incidentAreas, incidentPoints } from './incident-documents';
import type { IncidentListRead } from './incident-map-messages';

/** The lists read last, by key (organization and scope): areas are cut from them. */
const lists = new Map<string, ReadIncident[]>();
const KEPT_LISTS = 4;

function keep(key: string, incidents: ReadIncident[]) {
  lists.delete(key);
  lists.set(key, incidents);
  for (const old of lists.keys()) if (lists.size > KEPT_LISTS) lists.delete(old);
}

/** A reply of GET /atlas/events read into the map's document, and kept under `key`. */
export async function readList(key: string, text: string): Promise<IncidentListRead> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'notJson' };
  }
  const incidents = await parseListReply(IncidentReader, body);
  if (!incidents) return { kind: 'failed' };
  keep(key, incidents);
  const { blob, located } = incidentPoints(incidents);
  return { kind: 'incidents', count: incidents.length, located, points: blob };
}

/** The reach of the given incidents of the list kept under `key` (none once it is gone). */
export const areasOf = (key: string, ids: readonly string[]) =>
  incidentAreas(lists.get(key) ?? [], ids);
