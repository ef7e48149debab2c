import type { ReadIncident } from '@/lib/readers';
import type { AssessmentState, Severity } from '@meridian/contracts';

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
 * How shipments are clustered, by the map (a short list) or outside it (many): points closer
 * than this many pixels join, up to this zoom; above it every shipment is its own point.
 * 100,000 single dots at world view cost every frame (and every hover hit-test) far more than a
 * few hundred clusters, and show no more.
 */
export const SHIPMENT_CLUSTERING = { radiusPx: 40, maxZoom: 6 } as const;

/**
 * Many shipments (Atlas's 100,000), clustered outside the map: `view` gives the GeoJSON document
 * of what a view shows (clusters with point_count and cluster_id, single shipments with their
 * ordinal), `expansionZoom` the zoom where a cluster splits; null when they cannot be had.
 * `exposed` holds the shipments some incident reaches now, as a document the map loads by URL.
 */
export type MapShipmentDocuments = {
  count: number;
  view: (view: MapViewport) => Promise<Blob | null>;
  expansionZoom: (clusterId: number) => Promise<number | null>;
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
  incidents: readonly ReadIncident[] | MapIncidentDocuments;
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
  /** Sites some incident reaches now, by their assessment: coloured by it (SITE_STATE_COLORS). */
  siteAssessments?: ReadonlyMap<string, AssessmentState>;
  /** How much larger to draw some incidents, by id (their priority: see PRIORITY_MAP_SIZE). */
  incidentSizes?: ReadonlyMap<string, number>;
  /** Called with the view once the map starts and after each move (pan, zoom). */
  onViewChange?: (view: MapViewport) => void;
  /** A click on the map where no point is: e.g. to place a new incident. */
  onMapClick?: (point: MapPoint) => void;
  /** The accessible name of the map region. */
  label: string;
  className?: string;
};

/** Many shipments, clustered outside the map (a view at a time), rather than a short list. */
export const clusteredOutside = (
  shipments: MapContentProps['shipments'],
): shipments is MapShipmentDocuments => 'view' in shipments;

export type MapViewProps = MapContentProps & {
  theme: 'light' | 'dark';
  /** A MapLibre style to use instead of the offline basemap. */
  styleUrl: string | null;
  /** Called when the map cannot start after all (e.g. WebGL refused). */
  onUnavailable: () => void;
};
