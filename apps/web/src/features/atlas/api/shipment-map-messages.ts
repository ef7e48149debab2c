import type { ClusterView } from './shipment-clusters';

/**
 * What the page asks the shipment-map worker: to read a response body (moved, not copied) and
 * keep its clusters under `key`; the clusters of a view of it; how far to zoom to split one.
 */
export type ShipmentMapRequest =
  | { requestId: number; kind: 'read'; key: string; body: ArrayBuffer }
  | ({ requestId: number; kind: 'view'; key: string } & ClusterView)
  | { requestId: number; kind: 'expansion'; key: string; clusterId: number };

/**
 * `map`: the body read, with the exposed shipments (those some incident reaches now) as a GeoJSON
 * document the map loads by URL. `view`: the clusters and single shipments of a view, the same
 * way. `missing` when the worker no longer keeps that body's clusters (read it again); `failed`
 * when the body is not a shipment map.
 */
export type ShipmentMapReply =
  | {
      requestId: number;
      kind: 'map';
      tag: string;
      total: number;
      count: number;
      exposedCount: number;
      exposed: Blob;
    }
  | { requestId: number; kind: 'view'; document: Blob; features: number }
  | { requestId: number; kind: 'expansion'; zoom: number }
  | { requestId: number; kind: 'missing' }
  | { requestId: number; kind: 'failed' };
