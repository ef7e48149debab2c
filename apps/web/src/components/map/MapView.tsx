import 'maplibre-gl/dist/maplibre-gl.css';
import { SEVERITY_MAP_COLOR } from '@/lib/incident-display';
import { cn } from '@/utils/cn';
import type { Feature, FeatureCollection, Point } from 'geojson';
import {
  Map as MapLibreMap,
  Popup,
  setWorkerUrl,
  type ExpressionSpecification,
  type GeoJSONSource,
  type MapMouseEvent,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import {
  BASEMAP_SOURCES,
  basemapColors,
  basemapStyle,
  loadBasemapData,
  type BasemapTheme,
} from './basemap';
import type { MapContentProps, MapViewProps } from './map-types';

// A same-origin module worker: allowed by the page's CSP (worker-src 'self'), no blob or eval.
setWorkerUrl(workerUrl);

const SOURCES = { shipments: 'shipments', incidents: 'incidents' } as const;
const LAYERS = {
  shipments: 'shipments',
  shipmentClusters: 'shipment-clusters',
  shipmentCounts: 'shipment-counts',
  incidents: 'incidents',
} as const;
const SHIPMENT_LAYERS = [LAYERS.shipmentClusters, LAYERS.shipmentCounts, LAYERS.shipments];
const CIRCLE_LAYERS = [LAYERS.shipmentClusters, LAYERS.shipments, LAYERS.incidents];

const SHIPMENT_COLOR = '#3b82f6';
/**
 * Shipments are clustered up to this zoom: 100,000 single dots at world view cost every frame
 * (and every hover hit-test) far more than a few hundred clusters, and show no more.
 */
const SHIPMENT_CLUSTER_MAX_ZOOM = 6;
const CLUSTER_RADIUS_PX = 40;
/** Cluster counts are icons drawn on demand: the offline basemap has no glyphs for text. */
const COUNT_IMAGE_PREFIX = 'cluster-count:';

const OUTLINE = { light: '#ffffff', dark: '#e2e8f0' } as const;

const severityColor: ExpressionSpecification = [
  'match',
  ['get', 'severity'],
  ...Object.entries(SEVERITY_MAP_COLOR).flat(),
  '#64748b',
] as unknown as ExpressionSpecification;

function shipmentFeatures(shipments: MapContentProps['shipments']): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: shipments.map((shipment): Feature<Point> => ({
      type: 'Feature',
      properties: { id: shipment.id },
      geometry: {
        type: 'Point',
        coordinates: [shipment.currentPosition.lng, shipment.currentPosition.lat],
      },
    })),
  };
}

function incidentFeatures(incidents: MapContentProps['incidents']): FeatureCollection<Point> {
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

/** Shipment and incident layers, added on top of whichever style is in use. */
function addDataLayers(map: MapLibreMap, theme: BasemapTheme) {
  const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
  map.addSource(SOURCES.shipments, {
    type: 'geojson',
    data: empty,
    buffer: 4,
    maxzoom: 12,
    cluster: true,
    clusterRadius: CLUSTER_RADIUS_PX,
    clusterMaxZoom: SHIPMENT_CLUSTER_MAX_ZOOM,
  });
  map.addSource(SOURCES.incidents, { type: 'geojson', data: empty, buffer: 16, maxzoom: 12 });
  map.addLayer({
    id: LAYERS.shipmentClusters,
    type: 'circle',
    source: SOURCES.shipments,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': SHIPMENT_COLOR,
      'circle-opacity': 0.85,
      'circle-radius': ['step', ['get', 'point_count'], 8, 10, 11, 100, 14, 1000, 18],
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
      'circle-color': SHIPMENT_COLOR,
      'circle-opacity': 0.85,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 1, 2.4, 4, 3.2, 8, 5, 12, 6.5],
      'circle-stroke-color': OUTLINE[theme],
      'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 3, 0, 6, 1],
    },
  });
  map.addLayer({
    id: LAYERS.incidents,
    type: 'circle',
    source: SOURCES.incidents,
    paint: {
      'circle-color': severityColor,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 1, 4.5, 4, 6.5, 8, 9],
      'circle-stroke-color': OUTLINE[theme],
      'circle-stroke-width': 1.5,
    },
  });
}

/** A cluster's count as white text, the icon behind COUNT_IMAGE_PREFIX + count. */
function addCountImage(map: MapLibreMap, id: string) {
  const text = id.slice(COUNT_IMAGE_PREFIX.length);
  const pixelRatio = window.devicePixelRatio || 1;
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return;
  const font = `600 ${11 * pixelRatio}px system-ui, sans-serif`;
  context.font = font;
  const width = Math.ceil(context.measureText(text).width) + 2 * pixelRatio;
  const height = Math.ceil(14 * pixelRatio);
  context.canvas.width = width;
  context.canvas.height = height;
  // Resizing the canvas resets its state.
  context.font = font;
  context.fillStyle = '#ffffff';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, width / 2, height / 2);
  map.addImage(id, context.getImageData(0, 0, width, height), { pixelRatio });
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * Sets data-drawn-shipments / data-drawn-incidents on the map container once the map is idle
 * after a setData: the points are then on screen (the benchmark's "map idle"). setData marks the
 * source as loading at once, so this 'idle' cannot come from before the new data.
 */
function reportDrawnOnIdle(
  map: MapLibreMap,
  key: 'drawnShipments' | 'drawnIncidents',
  count: number,
) {
  const container = map.getContainer();
  delete container.dataset[key];
  map.once('idle', () => {
    container.dataset[key] = String(count);
  });
}

/**
 * The MapLibre map (this module is the lazy chunk). Shipments and incidents are WebGL circle
 * layers over GeoJSON sources, shipments clustered at low zoom, so 100,000 points pan smoothly.
 * The container's data-* attributes report state and camera for tests and tools.
 */
export function MapView({
  shipments,
  incidents,
  showShipments = true,
  showIncidents = true,
  initialCamera,
  target,
  onIncidentSelect,
  label,
  className,
  theme,
  styleUrl,
  onUnavailable,
}: MapViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  // Callbacks and values read by map events, kept current without recreating the map.
  const latest = useRef({ onIncidentSelect, onUnavailable, theme, initialCamera });
  useEffect(() => {
    latest.current = { onIncidentSelect, onUnavailable, theme, initialCamera };
  });
  const usesBasemap = styleUrl === null;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { theme: startTheme, initialCamera: camera } = latest.current;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: styleUrl ?? basemapStyle(startTheme),
        center: [camera.lng, camera.lat],
        zoom: camera.zoom,
        attributionControl: styleUrl ? { compact: true } : false,
        fadeDuration: 0,
        maxZoom: 14,
      });
    } catch {
      latest.current.onUnavailable();
      return;
    }
    mapRef.current = map;

    const reportCamera = () => {
      const center = map.getCenter();
      container.dataset.zoom = String(round(map.getZoom(), 2));
      container.dataset.center = `${round(center.lat, 4)},${round(center.lng, 4)}`;
    };
    reportCamera();
    map.on('moveend', reportCamera);

    map.on('load', () => {
      addDataLayers(map, latest.current.theme);
      setReady(true);
    });
    if (!styleUrl) {
      loadBasemapData().then(
        (data) => {
          if (!map.getStyle()) return;
          void map.getSource<GeoJSONSource>(BASEMAP_SOURCES.land)?.setData(data.land);
          void map.getSource<GeoJSONSource>(BASEMAP_SOURCES.borders)?.setData(data.borders);
          void map.getSource<GeoJSONSource>(BASEMAP_SOURCES.coastline)?.setData(data.coastline);
        },
        // Without land the points still show on the water colour.
        () => undefined,
      );
    }

    map.on('styleimagemissing', ({ id }: { id: string }) => {
      if (id.startsWith(COUNT_IMAGE_PREFIX)) addCountImage(map, id);
    });

    const popup = new Popup({ closeButton: false, closeOnClick: false, offset: 10 });
    const pick = (event: MapMouseEvent) =>
      map
        .queryRenderedFeatures(event.point, {
          layers: [LAYERS.incidents, LAYERS.shipmentClusters, LAYERS.shipments].filter((id) =>
            map.getLayer(id),
          ),
        })
        .at(0);
    const describe = (layer: string, props: Record<string, unknown>) => {
      if (layer === LAYERS.incidents) return String(props.title);
      if (layer === LAYERS.shipmentClusters) {
        return `${Number(props.point_count).toLocaleString()} shipments`;
      }
      return `Shipment ${String(props.id)}`;
    };
    map.on('mousemove', (event) => {
      // A hit-test per pointer move would cost every frame of a drag; the popup follows the map.
      if (map.isMoving()) return;
      const hit = pick(event);
      if (!hit || hit.geometry.type !== 'Point') {
        popup.remove();
        map.getCanvas().style.cursor = '';
        return;
      }
      const [lng, lat] = hit.geometry.coordinates as [number, number];
      popup.setLngLat([lng, lat]).setText(describe(hit.layer.id, hit.properties)).addTo(map);
      map.getCanvas().style.cursor = hit.layer.id === LAYERS.shipments ? '' : 'pointer';
    });
    map.on('mouseout', () => popup.remove());
    map.on('click', (event) => {
      const hit = pick(event);
      if (!hit) return;
      const props = hit.properties as { id?: unknown; cluster_id?: unknown };
      if (hit.layer.id === LAYERS.incidents) {
        latest.current.onIncidentSelect?.(String(props.id));
      } else if (hit.layer.id === LAYERS.shipmentClusters && hit.geometry.type === 'Point') {
        // A cluster opens up: zoom to where it splits.
        const center = hit.geometry.coordinates as [number, number];
        void map
          .getSource<GeoJSONSource>(SOURCES.shipments)
          ?.getClusterExpansionZoom(Number(props.cluster_id))
          .then((zoom) => map.easeTo({ center, zoom }));
      }
    });

    // MapLibre only follows window resizes; a container that settles its size after the map
    // starts (a grid cell, a panel) would otherwise leave part of it unpainted.
    const resizeObserver = new ResizeObserver(() => map.resize());
    resizeObserver.observe(container);

    return () => {
      resizeObserver.disconnect();
      popup.remove();
      map.remove();
      mapRef.current = null;
      setReady(false);
    };
  }, [styleUrl]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    void map.getSource<GeoJSONSource>(SOURCES.shipments)?.setData(shipmentFeatures(shipments));
    reportDrawnOnIdle(map, 'drawnShipments', shipments.length);
  }, [ready, shipments]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    void map.getSource<GeoJSONSource>(SOURCES.incidents)?.setData(incidentFeatures(incidents));
    reportDrawnOnIdle(map, 'drawnIncidents', incidents.length);
  }, [ready, incidents]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    for (const layer of SHIPMENT_LAYERS) {
      map.setLayoutProperty(layer, 'visibility', showShipments ? 'visible' : 'none');
    }
    map.setLayoutProperty(LAYERS.incidents, 'visibility', showIncidents ? 'visible' : 'none');
  }, [ready, showShipments, showIncidents]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    for (const layer of CIRCLE_LAYERS) {
      map.setPaintProperty(layer, 'circle-stroke-color', OUTLINE[theme]);
    }
    if (!usesBasemap) return;
    for (const { layer, property, value } of basemapColors(theme)) {
      map.setPaintProperty(layer, property, value);
    }
  }, [ready, theme, usesBasemap]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !target) return;
    map.flyTo({ center: [target.lng, target.lat], zoom: target.zoom, essential: true });
  }, [ready, target]);

  return (
    <div className={cn('relative overflow-hidden bg-surface-muted', className)}>
      <div
        ref={containerRef}
        role="region"
        aria-label={label}
        data-testid="map"
        data-state={ready ? 'ready' : 'loading'}
        data-shipments={ready ? shipments.length : undefined}
        data-incidents={
          ready ? incidents.filter((incident) => incident.location).length : undefined
        }
        data-visible-layers={[showShipments && 'shipments', showIncidents && 'incidents']
          .filter(Boolean)
          .join(' ')}
        // Inline, because MapLibre's stylesheet makes .maplibregl-map position: relative.
        style={{ position: 'absolute', inset: 0 }}
      />
      {usesBasemap ? (
        <span className="pointer-events-none absolute right-1.5 bottom-1 rounded bg-surface/70 px-1 text-[10px] text-muted-foreground">
          Natural Earth
        </span>
      ) : null}
    </div>
  );
}
