import type { MapArea } from '@/components/map/map-types';

/**
 * What the page asks the incident-map worker: read a reply of GET /atlas/events (moved, not
 * copied) and keep it under `key`; or the affected areas of some incidents of the list kept
 * under `key`.
 */
export type IncidentMapRequest =
  | { requestId: number; kind: 'incidents'; key: string; body: ArrayBuffer }
  | { requestId: number; kind: 'areas'; key: string; ids: readonly string[] };

/**
 * The incidents as the map's document (`points`: located ones, with id, title and severity),
 * and how many there are; `notJson` for a reply that is not JSON, `failed` for JSON of another
 * shape. `areas`: the reach of the incidents asked for that are not resolved.
 */
export type IncidentMapReply =
  | { requestId: number; kind: 'incidents'; count: number; located: number; points: Blob }
  | { requestId: number; kind: 'notJson' | 'failed' }
  | { requestId: number; kind: 'areas'; areas: MapArea[] };
