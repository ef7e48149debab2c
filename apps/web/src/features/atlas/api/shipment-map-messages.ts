/** What the page sends the shipment-map worker: the response body, moved, not copied. */
export type ShipmentMapRequest = { requestId: number; body: ArrayBuffer };

/**
 * The shipments in view as GeoJSON documents the map loads by URL, so that neither parsing nor
 * building nor handing over 100,000 points runs on the page's thread: `all` every shipment (its
 * ordinal as the only property), `exposed` those some incident reaches now. `failed` when the
 * body is not a shipment map.
 */
export type ShipmentMapReply =
  | {
      requestId: number;
      kind: 'map';
      tag: string;
      total: number;
      count: number;
      all: Blob;
      exposedCount: number;
      exposed: Blob;
    }
  | { requestId: number; kind: 'failed' };
