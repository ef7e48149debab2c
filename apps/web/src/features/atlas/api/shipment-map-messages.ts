/** What the page sends the shipment-map worker: two response bodies, moved, not copied. */
export type ShipmentMapRequest = { requestId: number; body: ArrayBuffer; ids: ArrayBuffer };

/** The shipments in view; `stale` when a write fell between the two requests. */
export type ShipmentMapReply =
  | {
      requestId: number;
      kind: 'map';
      total: number;
      ids: string[];
      lng: Float32Array<ArrayBuffer>;
      lat: Float32Array<ArrayBuffer>;
    }
  | { requestId: number; kind: 'stale' }
  | { requestId: number; kind: 'failed' };
