import type { Incident, Shipment } from '@meridian/contracts';

export type MapPoint = { lat: number; lng: number };
export type MapCamera = MapPoint & { zoom: number };

/** What the map draws; kept free of MapLibre types so that only the lazy chunk loads MapLibre. */
export type MapContentProps = {
  shipments: readonly Pick<Shipment, 'id' | 'currentPosition'>[];
  incidents: readonly Incident[];
  showShipments?: boolean;
  showIncidents?: boolean;
  initialCamera: MapCamera;
  /** Where to move once known (e.g. the organization's address); each new object moves again. */
  target?: MapCamera | null;
  onIncidentSelect?: (incidentId: string) => void;
  /** The accessible name of the map region. */
  label: string;
  className?: string;
};

export type MapViewProps = MapContentProps & {
  theme: 'light' | 'dark';
  /** A MapLibre style to use instead of the offline basemap. */
  styleUrl: string | null;
  /** Called when the map cannot start after all (e.g. WebGL refused). */
  onUnavailable: () => void;
};
