import type { MapArea } from '@/components/map/map-types';

/**
 * What the page asks the incident-map worker: fetch GET /atlas/events with these headers (the
 * page's bearer and ETag) and keep the list read under `key`; or the affected areas of some
 * incidents of the list kept under `key`.
 */
export type IncidentMapRequest =
  | {
      requestId: number;
      kind: 'fetch';
      key: string;
      url: string;
      headers: Record<string, string>;
    }
  | { requestId: number; kind: 'areas'; key: string; ids: readonly string[] };

/**
 * A list read: the incidents as the map's document (`points`: located ones, with id, title and
 * severity), and how many there are; `notJson` for a body that is not JSON, `failed` for JSON of
 * another shape.
 */
export type IncidentListRead =
  | { kind: 'incidents'; count: number; located: number; points: Blob }
  | { kind: 'notJson' | 'failed' };

/**
 * `fetched`: the reply's status and ETag (the page's client decides on a 401 or a 304), and the
 * list read when it succeeded; `unreachable` when no reply came. `areas`: the reach of the
 * incidents asked for that are not resolved.
 */
export type IncidentMapReply =
  | {
      requestId: number;
      kind: 'fetched';
      status: number;
      etag: string | null;
      list: IncidentListRead | null;
    }
  | { requestId: number; kind: 'unreachable' }
  | { requestId: number; kind: 'areas'; areas: MapArea[] };
