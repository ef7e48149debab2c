import type { Incident, Severity } from '@meridian/contracts';

export type MapPoint = { lat: number; lng: number };
export type MapCamera = MapPoint & { zoom: number };
/** What the map shows, as MapLibre reports it: longitudes may run past ±180 across the seam. */
export type MapViewport = {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
};
export type MapSitePoint = {
  id: string;
  name: string;
  criticality: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
  location: MapPoint;
};

/**
 * A shipment as the map draws it. A short list names it by id; a compact map (Atlas) by its
 * ordinal, which `describeShipment` turns into a title on hover.
 */
export type MapShipmentPoint = {
  currentPosition: MapPoint;
  id?: string;
  ordinal?: number;
  /** Some incident reaches it now: ringed in red. */
  exposed?: boolean;
};

/**
 * Many shipments (Atlas's 100,000) as GeoJSON documents the map loads by URL in its own worker:
 * points whose only property is their ordinal. `exposed` holds those some incident reaches now.
 */
export type MapShipmentDocuments = {
  all: Blob;
  count: number;
  exposed: Blob;
  exposedCount: number;
};

/**
 * Many incidents (Atlas's) as a GeoJSON document of the located ones (id, title, severity):
 * `count` incidents, `located` of them with a place on the map.
 */
export type MapIncidentDocuments = { points: Blob; count: number; located: number };

/** A shaded area: GeoJSON Polygon or MultiPolygon coordinates, [lng, lat]. */
export type MapArea = {
  id: string;
  severity: Severity;
  geometry:
    | { type: 'Polygon'; coordinates: number[][][] }
    | { type: 'MultiPolygon'; coordinates: number[][][][] };
};

/** What the map draws; kept free of MapLibre types so that only the lazy chunk loads MapLibre. */
export type MapContentProps = {
  /** A short list, or the documents of many (see MapShipmentDocuments). */
  shipments: readonly MapShipmentPoint[] | MapShipmentDocuments;
  /** The hover title of a shipment known by ordinal only, loaded when first hovered. */
  describeShipment?: (ordinal: number) => Promise<string>;
  /** A list, or the document of many (see MapIncidentDocuments). */
  incidents: readonly Incident[] | MapIncidentDocuments;
  showShipments?: boolean;
  showIncidents?: boolean;
  initialCamera: MapCamera;
  /** Where to move once known (e.g. the organization's address); each new object moves again. */
  target?: MapCamera | null;
  onIncidentSelect?: (incidentId: string) => void;
  /** Affected areas to shade (an incident's polygon, or the circle of its radius). */
  areas?: readonly MapArea[];
  /** The organization's sites (suppliers, facilities): drawn as diamonds-like squares. */
  sites?: readonly MapSitePoint[];
  showSites?: boolean;
  onSiteSelect?: (siteId: string) => void;
  /** Routes to draw as lines, [lng, lat] (the exposed shipments' routes ahead). */
  routes?: readonly { id: string; route: readonly (readonly [number, number])[] }[];
  /** Sites some incident reaches now: highlighted in red. */
  exposedSiteIds?: ReadonlySet<string>;
  /** Called with the view once the map starts and after each move (pan, zoom). */
  onViewChange?: (view: MapViewport) => void;
  /** A click on the map where no point is: e.g. to place a new incident. */
  onMapClick?: (point: MapPoint) => void;
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
