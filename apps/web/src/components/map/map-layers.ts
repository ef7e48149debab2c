import { SEVERITY_MAP_COLOR } from '@/entities/incident/incident-display';
import { ASSESSMENT_STATES, type AssessmentState } from '@meridian/contracts/constants';
import type { Feature, FeatureCollection, LineString, MultiPolygon, Point, Polygon } from 'geojson';
import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl';
import type { BasemapTheme } from './basemap';
import { COUNT_IMAGE_PREFIX } from './count-images';
import type { ReadIncident } from '@/lib/readers';
import {
  clusteredOutside,
  SHIPMENT_CLUSTERING,
  type MapContentProps,
  type MapShipmentPoint,
} from './map-types';

/** The map's own sources and layers (shipments, incidents, affected areas) over a basemap. */
export const SOURCES = {
  shipments: 'shipments',
  incidents: 'incidents',
  areas: 'areas',
  sites: 'sites',
  exposedShipments: 'exposed-shipments',
  routes: 'routes',
} as const;
export const LAYERS = {
  areaFill: 'area-fill',
  areaOutline: 'area-outline',
  shipments: 'shipments',
  shipmentClusters: 'shipment-clusters',
  shipmentCounts: 'shipment-counts',
  incidents: 'incidents',
  sites: 'sites',
  exposedShipments: 'exposed-shipments',
  routes: 'routes',
} as const;
export const SHIPMENT_LAYERS = [
  LAYERS.routes,
  LAYERS.shipmentClusters,
  LAYERS.shipmentCounts,
  LAYERS.shipments,
  LAYERS.exposedShipments,
];
export const CIRCLE_LAYERS = [
  LAYERS.shipmentClusters,
  LAYERS.shipments,
  LAYERS.incidents,
  LAYERS.sites,
];
export const SITE_COLOR = '#8b5cf6';
const EXPOSED_COLOR = '#dc2626';
/**
 * An exposed site's colour by its assessment: red hit, orange recovering, yellow not yet known,
 * blue recovered, green unharmed (the Assessments panel's badge tones); the legend says so.
 */
export const SITE_STATE_COLORS: Readonly<Record<AssessmentState, string>> = {
  CONFIRMED: EXPOSED_COLOR,
  RECOVERING: '#f97316',
  POTENTIAL: '#eab308',
  RECOVERED: '#2563eb',
  NO_IMPACT: '#16a34a',
};

const SHIPMENT_COLOR = '#3b82f6';
/**
 * The shipments' blue, read per feature like the incidents' and sites' colours (no feature sets
 * it): layers whose paint reads the same properties per feature share one compiled shader, and
 * each shader costs a tenth of a second to compile with software WebGL.
 */
const SHIPMENT_COLOR_PER_FEATURE: ExpressionSpecification = [
  'to-color',
  ['coalesce', ['get', 'color'], SHIPMENT_COLOR],
];
/**
 * A circle radius by zoom, read per feature like the colour (`size`, 1 unless set): with the
 * radius of every circle layer a zoom-and-feature expression, all of them share one shader.
 */
function radiusByZoom(stops: readonly (readonly [zoom: number, radius: number])[]) {
  // A feature's size comes from its state (set after loading, as incidents' priorities) or
  // its properties; none is 1.
  const scaled = (radius: number) => [
    '*',
    radius,
    ['coalesce', ['feature-state', 'size'], ['get', 'size'], 1],
  ];
  return [
    'interpolate',
    ['linear'],
    ['zoom'],
    ...stops.flatMap(([zoom, radius]) => [zoom, scaled(radius)]),
  ] as unknown as ExpressionSpecification;
}

/** A radius that follows the feature only, written as one by zoom (see radiusByZoom). */
function radiusAtEveryZoom(radius: ExpressionSpecification): ExpressionSpecification {
  return ['interpolate', ['linear'], ['zoom'], 0, radius, 24, radius];
}

export const OUTLINE = { light: '#ffffff', dark: '#e2e8f0' } as const;

const severityColor: ExpressionSpecification = [
  'match',
  ['get', 'severity'],
  ...Object.entries(SEVERITY_MAP_COLOR).flat(),
  '#64748b',
] as unknown as ExpressionSpecification;

function shipmentFeatures(shipments: readonly MapShipmentPoint[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: shipments.map((shipment): Feature<Point> => ({
      type: 'Feature',
      properties:
        shipment.id === undefined ? { ordinal: shipment.ordinal ?? 0 } : { id: shipment.id },
      geometry: {
        type: 'Point',
        coordinates: [shipment.currentPosition.lng, shipment.currentPosition.lat],
      },
    })),
  };
}

/** What a short list's two shipment sources load: all of them (clustered by the map), and the exposed. */
export function shipmentFeatureSets(shipments: readonly MapShipmentPoint[]): {
  all: FeatureCollection<Point>;
  exposed: FeatureCollection<Point>;
} {
  return {
    all: shipmentFeatures(shipments),
    exposed: shipmentFeatures(shipments.filter((shipment) => shipment.exposed)),
  };
}

/** How many shipments are drawn, and how many of them ringed as exposed. */
export function shipmentCounts(shipments: MapContentProps['shipments']) {
  return clusteredOutside(shipments)
    ? { count: shipments.count, exposed: shipments.exposedCount }
    : {
        count: shipments.length,
        exposed: shipments.filter((shipment) => shipment.exposed).length,
      };
}

/** What the incident source loads: the document of many as it is, or a short list's features. */
export function incidentSourceData(
  incidents: MapContentProps['incidents'],
): FeatureCollection<Point> | Blob {
  return 'points' in incidents ? incidents.points : incidentFeatures(incidents);
}

/** How many incidents the map is given, and how many of them it can place. */
export function incidentCounts(incidents: MapContentProps['incidents']) {
  return 'points' in incidents
    ? { count: incidents.count, located: incidents.located }
    : {
        count: incidents.length,
        located: incidents.filter((incident) => incident.location).length,
      };
}

function incidentFeatures(incidents: readonly ReadIncident[]): FeatureCollection<Point> {
  const features: Feature<Point>[] = [];
  for (const incident of incidents) {
    if (!incident.location) continue;
    features.push({
      type: 'Feature',
      properties: { id: incident.id, title: incident.title, severity: incident.severity },
      geometry: { type: 'Point', coordinates: [incident.location.lng, incident.location.lat] },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** Affected areas as polygons coloured by their incident's severity. */
export function areaFeatures(
  areas: MapContentProps['areas'],
): FeatureCollection<Polygon | MultiPolygon> {
  return {
    type: 'FeatureCollection',
    features: (areas ?? []).map((area) => ({
      type: 'Feature',
      properties: { id: area.id, severity: area.severity },
      geometry: area.geometry,
    })),
  };
}

/** Sites, flagged when some incident reaches them. */
export function siteFeatures(
  sites: MapContentProps['sites'],
  assessments: MapContentProps['siteAssessments'],
): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: (sites ?? []).map((site) => ({
      type: 'Feature',
      properties: {
        id: site.id,
        title: site.name,
        criticality: site.criticality,
        // Exposed sites carry their assessment; the others none (drawn in the sites' colour).
        assessment: assessments?.get(site.id) ?? 'NONE',
      },
      geometry: { type: 'Point', coordinates: [site.location.lng, site.location.lat] },
    })),
  };
}

/** Lines of routes (only those of two points or more). */
export function routeFeatures(routes: MapContentProps['routes']): FeatureCollection<LineString> {
  return {
    type: 'FeatureCollection',
    features: (routes ?? [])
      .filter(({ route }) => route.length > 1)
      .map(({ id, route }) => ({
        type: 'Feature',
        properties: { id },
        geometry: { type: 'LineString', coordinates: route.map(([lng, lat]) => [lng, lat]) },
      })),
  };
}

/** Shipment and incident layers, added on top of whichever style is in use. */
export function addDataLayers(map: MapLibreMap, theme: BasemapTheme) {
  const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
  map.addSource(SOURCES.shipments, {
    type: 'geojson',
    data: empty,
    buffer: 4,
    maxzoom: 12,
    cluster: true,
    clusterRadius: SHIPMENT_CLUSTERING.radiusPx,
    clusterMaxZoom: SHIPMENT_CLUSTERING.maxZoom,
  });
  map.addSource(SOURCES.incidents, {
    type: 'geojson',
    data: empty,
    buffer: 16,
    maxzoom: 12,
    // Incidents are known by their id, which their sizes (feature state) are set by.
    promoteId: 'id',
  });
  map.addSource(SOURCES.areas, { type: 'geojson', data: empty });
  // Affected areas under everything else: the points stay readable on top.
  map.addLayer({
    id: LAYERS.areaFill,
    type: 'fill',
    source: SOURCES.areas,
    paint: { 'fill-color': severityColor, 'fill-opacity': 0.18 },
  });
  map.addLayer({
    id: LAYERS.areaOutline,
    type: 'line',
    source: SOURCES.areas,
    paint: { 'line-color': severityColor, 'line-width': 1.5, 'line-opacity': 0.8 },
  });
  map.addLayer({
    id: LAYERS.shipmentClusters,
    type: 'circle',
    source: SOURCES.shipments,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': SHIPMENT_COLOR_PER_FEATURE,
      'circle-opacity': 0.85,
      'circle-radius': radiusAtEveryZoom([
        'step',
        ['get', 'point_count'],
        8,
        10,
        11,
        100,
        14,
        1000,
        18,
      ]),
      'circle-stroke-color': OUTLINE[theme],
      'circle-stroke-width': 1.5,
    },
  });
  map.addLayer({
    id: LAYERS.shipmentCounts,
    type: 'symbol',
    source: SOURCES.shipments,
    filter: ['has', 'point_count'],
    layout: {
      'icon-image': ['concat', COUNT_IMAGE_PREFIX, ['get', 'point_count_abbreviated']],
      // Counts sit inside their own circles: no collision work while panning.
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  map.addLayer({
    id: LAYERS.shipments,
    type: 'circle',
    source: SOURCES.shipments,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': SHIPMENT_COLOR_PER_FEATURE,
      'circle-opacity': 0.85,
      'circle-radius': radiusByZoom([
        [1, 2.4],
        [4, 3.2],
        [8, 5],
        [12, 6.5],
      ]),
      'circle-stroke-color': OUTLINE[theme],
      'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 3, 0, 6, 1],
    },
  });
  map.addSource(SOURCES.routes, { type: 'geojson', data: empty });
  map.addLayer({
    id: LAYERS.routes,
    type: 'line',
    source: SOURCES.routes,
    paint: {
      'line-color': EXPOSED_COLOR,
      'line-width': 1.5,
      'line-opacity': 0.7,
      'line-dasharray': [2, 2],
    },
  });
  map.addSource(SOURCES.exposedShipments, { type: 'geojson', data: empty, buffer: 8 });
  map.addLayer({
    id: LAYERS.exposedShipments,
    type: 'circle',
    source: SOURCES.exposedShipments,
    paint: {
      'circle-color': SHIPMENT_COLOR_PER_FEATURE,
      'circle-radius': radiusByZoom([
        [1, 3.5],
        [6, 5],
        [12, 7],
      ]),
      'circle-stroke-color': EXPOSED_COLOR,
      'circle-stroke-width': 2,
    },
  });
  map.addSource(SOURCES.sites, { type: 'geojson', data: empty, buffer: 8 });
  map.addLayer({
    id: LAYERS.sites,
    type: 'circle',
    source: SOURCES.sites,
    paint: {
      'circle-color': [
        'match',
        ['get', 'assessment'],
        ...ASSESSMENT_STATES.flatMap((state) => [state, SITE_STATE_COLORS[state]]),
        SITE_COLOR,
      ] as unknown as ExpressionSpecification,
      'circle-radius': radiusAtEveryZoom([
        'match',
        ['get', 'criticality'],
        'CRITICAL',
        7,
        'HIGH',
        6,
        'MEDIUM',
        5,
        4,
      ]),
      'circle-stroke-color': OUTLINE[theme],
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: LAYERS.incidents,
    type: 'circle',
    source: SOURCES.incidents,
    paint: {
      'circle-color': severityColor,
      'circle-radius': radiusByZoom([
        [1, 4.5],
        [4, 6.5],
        [8, 9],
      ]),
      'circle-stroke-color': OUTLINE[theme],
      'circle-stroke-width': 1.5,
    },
  });
}
