/** What the page sends the shipment-map worker: the response body, moved, not copied. */
export type ShipmentMapRequest = { requestId: number; body: ArrayBuffer };

/** The shipments in view, as columns; `failed` when the body is not a shipment map. */
export type ShipmentMapReply =
  | {
      requestId: number;
      kind: 'map';
      tag: string;
      total: number;
      ordinals: Uint32Array<ArrayBuffer>;
      exposed: Uint8Array<ArrayBuffer>;
      lng: Float32Array<ArrayBuffer>;
      lat: Float32Array<ArrayBuffer>;
    }
  | { requestId: number; kind: 'failed' };
