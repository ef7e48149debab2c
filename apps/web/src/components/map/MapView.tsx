import 'maplibre-gl/dist/maplibre-gl.css';
import { cn } from '@/utils/cn';
import {
  Map as MapLibreMap,
  Popup,
  setWorkerCount,
  setWorkerUrl,
  type GeoJSONSource,
  type MapMouseEvent,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BASEMAP_SOURCES, basemapColors, basemapStyle, loadBasemapData } from './basemap';
import { addCountImage, COUNT_IMAGE_PREFIX, prepareCountGlyphs } from './count-images';
import {
  addDataLayers,
  areaFeatures,
  CIRCLE_LAYERS,
  routeFeatures,
  siteFeatures,
  incidentCounts,
  incidentSourceData,
  LAYERS,
  OUTLINE,
  SHIPMENT_LAYERS,
  shipmentCounts,
  shipmentFeatureSets,
  SOURCES,
} from './map-layers';
import {
  clusteredOutside,
  SHIPMENT_CLUSTERING,
  type MapShipmentDocuments,
  type MapViewport,
  type MapViewProps,
} from './map-types';

// A same-origin module worker: allowed by the page's CSP (worker-src 'self'), no blob or eval.
setWorkerUrl(workerUrl);
// At least two workers (MapLibre takes half the cores, one on a two-core machine): Atlas's
// 100,000 shipments are parsed and clustered beside the basemap and incidents, not before them.
setWorkerCount(Math.max(2, Math.floor((navigator.hardwareConcurrency || 2) / 2)));

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** A shipment's title while its details load, and when they cannot be. */
const SHIPMENT_LOADING_TITLE = 'Shipment …';
const SHIPMENT_UNKNOWN_TITLE = 'Shipment (details unavailable)';

/**
 * Sets a data-* attribute of the map container once the map is idle after a change: then the
 * change is on screen. Used after a setData (data-drawn-shipments / data-drawn-incidents, the
 * benchmark's "map idle"; data-basemap), which marks its source as loading at once, and after a
 * repaint for the theme (data-painted-theme), whose colour transitions delay 'idle' until done:
 * so this 'idle' cannot come from before the change.
 */
function reportOnIdle(
  map: MapLibreMap,
  key:
    | 'drawnShipments'
    | 'drawnIncidents'
    | 'drawnSites'
    | 'drawnSiteStates'
    | 'basemap'
    | 'paintedTheme',
  value: string,
) {
  const container = map.getContainer();
  delete container.dataset[key];
  map.once('idle', () => {
    container.dataset[key] = value;
  });
}

/** "A:2,B:1": how many features have each value of a property, by value. */
const countsOf = (features: readonly { properties: unknown }[], property: string) => {
  const counts = new Map<string, number>();
  for (const { properties } of features) {
    const value = String((properties as Record<string, unknown>)[property]);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([value, count]) => `${value}:${count}`)
    .join(',');
};

/** Loads `data` into a source: a Blob by object URL, which the returned function gives back. */
function setSourceData(map: MapLibreMap, source: string, data: GeoJSON.GeoJSON | Blob) {
  if (!(data instanceof Blob)) {
    void map.getSource<GeoJSONSource>(source)?.setData(data);
    return () => undefined;
  }
  const url = URL.createObjectURL(data);
  void map.getSource<GeoJSONSource>(source)?.setData(url);
  return () => URL.revokeObjectURL(url);
}

/** The margin loaded around the view, in view widths: a short pan shows its points at once. */
const VIEW_MARGIN = 0.5;
/** Clusters change with the zoom up to here; from it on, every shipment is its own point. */
const LAST_CLUSTER_ZOOM = SHIPMENT_CLUSTERING.maxZoom + 1;

/**
 * Asks `shipments` for what the view shows (with a margin), now and after each move that leaves
 * what was last asked for or changes the clusters' zoom, and hands each answer to `show`: only
 * the latest asked, so a slow answer for an old view is dropped. A view that cannot be had keeps
 * what is shown (and is asked again at the next move). Returns the stop.
 */
function showViews(
  map: MapLibreMap,
  shipments: MapShipmentDocuments,
  show: (document: Blob) => void,
) {
  let asked = 0;
  let stopped = false;
  let requested: MapViewport | null = null;
  const ask = () => {
    const bounds = map.getBounds();
    const [west, south, east, north] = [
      bounds.getWest(),
      bounds.getSouth(),
      bounds.getEast(),
      bounds.getNorth(),
    ];
    const zoom = Math.min(Math.floor(map.getZoom()), LAST_CLUSTER_ZOOM);
    if (
      requested &&
      requested.zoom === zoom &&
      west >= requested.west &&
      east <= requested.east &&
      south >= requested.south &&
      north <= requested.north
    ) {
      return;
    }
    const dx = (east - west) * VIEW_MARGIN;
    const dy = (north - south) * VIEW_MARGIN;
    const view = { west: west - dx, south: south - dy, east: east + dx, north: north + dy, zoom };
    requested = view;
    asked += 1;
    const mine = asked;
    void shipments
      .view(view)
      .catch(() => null)
      .then((document) => {
        if (stopped || mine !== asked) return;
        if (document) show(document);
        else requested = null;
      });
  };
  ask();
  map.on('moveend', ask);
  return () => {
    stopped = true;
    map.off('moveend', ask);
  };
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
  areas,
  onMapClick,
  onViewChange,
  sites,
  showSites = true,
  onSiteSelect,
  describeShipment,
  siteAssessments,
  incidentSizes,
  routes,
  label,
  className,
  theme,
  styleUrl,
  onUnavailable,
}: MapViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  // Object URLs of shipment documents the map may still be reading, given back once it rests.
  const pendingReleases = useRef(new Set<() => void>());
  // Where a cluster splits and what a shipment is, for the clusters shown (when made outside).
  const shownClusters = useRef<{
    expansionZoom: MapShipmentDocuments['expansionZoom'];
    describe: MapViewProps['describeShipment'];
  } | null>(null);
  const [ready, setReady] = useState(false);
  // Callbacks and values read by map events, kept current without recreating the map.
  const latest = useRef({
    onIncidentSelect,
    onSiteSelect,
    onMapClick,
    onViewChange,
    onUnavailable,
    describeShipment,
    theme,
    initialCamera,
  });
  useEffect(() => {
    latest.current = {
      onIncidentSelect,
      onSiteSelect,
      onMapClick,
      onViewChange,
      onUnavailable,
      describeShipment,
      theme,
      initialCamera,
    };
  });
  const usesBasemap = styleUrl === null;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { theme: startTheme, initialCamera: camera } = latest.current;
    // The countries download while the map sets up WebGL (a few hundred ms in software).
    // Without land the points still show on the water colour.
    const basemap = styleUrl ? null : loadBasemapData().catch(() => null);
    // Cluster counts' characters, drawn in a worker while the map sets up.
    prepareCountGlyphs(window.devicePixelRatio || 1);
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
    const reportView = () => {
      const bounds = map.getBounds();
      latest.current.onViewChange?.({
        west: bounds.getWest(),
        south: bounds.getSouth(),
        east: bounds.getEast(),
        north: bounds.getNorth(),
        zoom: map.getZoom(),
      });
    };
    map.on('moveend', reportView);

    // The data layers join the style as soon as it is parsed, not at 'load' (the basemap's first
    // complete drawing): the data's tiles are then made alongside the countries', not after them.
    map.once('style.load', () => {
      addDataLayers(map, latest.current.theme);
      setReady(true);
      reportView();
    });
    void basemap?.then((data) => {
      if (!data || !map.getStyle()) return;
      void map.getSource<GeoJSONSource>(BASEMAP_SOURCES.land)?.setData(data.land);
      void map.getSource<GeoJSONSource>(BASEMAP_SOURCES.borders)?.setData(data.borders);
      void map.getSource<GeoJSONSource>(BASEMAP_SOURCES.coastline)?.setData(data.coastline);
      reportOnIdle(map, 'basemap', 'drawn');
    });

    // Asked for before a tile that needs the image is answered (the 'styleimagemissing' event
    // comes after it, too late for that tile).
    map.setMissingStyleImageResolver((id) => {
      if (id.startsWith(COUNT_IMAGE_PREFIX)) addCountImage(map, id);
    });

    const popup = new Popup({ closeButton: false, closeOnClick: false, offset: 10 });
    const pick = (event: MapMouseEvent) =>
      map
        .queryRenderedFeatures(event.point, {
          layers: [
            LAYERS.incidents,
            LAYERS.sites,
            LAYERS.shipmentClusters,
            LAYERS.shipments,
          ].filter((id) => map.getLayer(id)),
        })
        .at(0);
    const describe = (layer: string, props: Record<string, unknown>) => {
      if (layer === LAYERS.incidents || layer === LAYERS.sites) return String(props.title);
      if (layer === LAYERS.shipmentClusters) {
        return `${Number(props.point_count).toLocaleString()} shipments`;
      }
      return typeof props.id === 'string' ? `Shipment ${props.id}` : SHIPMENT_LOADING_TITLE;
    };
    // The point under the pointer, so a title that arrives late goes only to its own point.
    let hovered: string | null = null;
    map.on('mousemove', (event) => {
      // A hit-test per pointer move would cost every frame of a drag; the popup follows the map.
      if (map.isMoving()) return;
      const hit = pick(event);
      if (!hit || hit.geometry.type !== 'Point') {
        hovered = null;
        popup.remove();
        map.getCanvas().style.cursor = '';
        return;
      }
      const [lng, lat] = hit.geometry.coordinates as [number, number];
      const ordinal: unknown =
        hit.layer.id === LAYERS.shipments ? hit.properties.ordinal : undefined;
      const key = `${hit.layer.id}:${String(hit.properties.id ?? ordinal ?? hit.properties.cluster_id)}`;
      map.getCanvas().style.cursor = hit.layer.id === LAYERS.shipments ? '' : 'pointer';
      if (key === hovered && popup.isOpen()) return;
      hovered = key;
      popup.setLngLat([lng, lat]).setText(describe(hit.layer.id, hit.properties)).addTo(map);
      const load = shownClusters.current?.describe ?? latest.current.describeShipment;
      if (typeof ordinal === 'number' && load) {
        load(ordinal).then(
          (title) => {
            if (hovered === key) popup.setText(title);
          },
          () => {
            if (hovered === key) popup.setText(SHIPMENT_UNKNOWN_TITLE);
          },
        );
      }
    });
    map.on('mouseout', () => {
      hovered = null;
      popup.remove();
    });
    map.on('click', (event) => {
      const hit = pick(event);
      if (!hit) {
        latest.current.onMapClick?.({ lat: event.lngLat.lat, lng: event.lngLat.lng });
        return;
      }
      const props = hit.properties as { id?: unknown; cluster_id?: unknown };
      if (hit.layer.id === LAYERS.sites) {
        latest.current.onSiteSelect?.(String(props.id));
      } else if (hit.layer.id === LAYERS.incidents) {
        latest.current.onIncidentSelect?.(String(props.id));
      } else if (hit.layer.id === LAYERS.shipmentClusters && hit.geometry.type === 'Point') {
        // A cluster opens up: zoom to where it splits.
        const center = hit.geometry.coordinates as [number, number];
        const clusterId = Number(props.cluster_id);
        const splitsAt = shownClusters.current
          ? shownClusters.current.expansionZoom(clusterId)
          : map.getSource<GeoJSONSource>(SOURCES.shipments)?.getClusterExpansionZoom(clusterId);
        void splitsAt?.then((zoom) => {
          if (zoom !== null && zoom !== undefined) map.easeTo({ center, zoom });
        });
      }
    });

    // MapLibre only follows window resizes; a container that settles its size after the map
    // starts (a grid cell, a panel) would otherwise leave part of it unpainted.
    const resizeObserver = new ResizeObserver(() => map.resize());
    resizeObserver.observe(container);

    const pending = pendingReleases.current;
    return () => {
      resizeObserver.disconnect();
      popup.remove();
      map.remove();
      mapRef.current = null;
      for (const release of pending) release();
      setReady(false);
    };
  }, [styleUrl]);

  /**
   * Gives back documents' object URLs once they are replaced: when the map rests on the next
   * data (it may still be reading them), or at once when the map is gone.
   */
  const releaseWhenRested = (map: MapLibreMap, releases: readonly (() => void)[]) => {
    const release = () => {
      pendingReleases.current.delete(release);
      for (const give of releases) give();
    };
    if (mapRef.current !== map) return release();
    pendingReleases.current.add(release);
    map.once('idle', release);
  };

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const source = map.getSource<GeoJSONSource>(SOURCES.shipments);
    if (!clusteredOutside(shipments)) {
      const data = shipmentFeatureSets(shipments);
      const releases = [
        setSourceData(map, SOURCES.shipments, data.all),
        // The exposed shipments again, unclustered, to ring them in red above the rest.
        setSourceData(map, SOURCES.exposedShipments, data.exposed),
      ];
      if (source && !source.getClusterOptions().cluster) {
        void source.setClusterOptions({ cluster: true });
      }
      shownClusters.current = null;
      reportOnIdle(map, 'drawnShipments', String(shipments.length));
      return () => releaseWhenRested(map, releases);
    }
    if (source?.getClusterOptions().cluster) void source.setClusterOptions({ cluster: false });
    const releases = [setSourceData(map, SOURCES.exposedShipments, shipments.exposed)];
    let shown: (() => void) | null = null;
    const stopShowing = showViews(map, shipments, (document) => {
      const previous = shown;
      shown = setSourceData(map, SOURCES.shipments, document);
      if (previous) releaseWhenRested(map, [previous]);
      // Cluster ids and ordinals are those of the document shown, not of a newer one on its way.
      shownClusters.current = {
        expansionZoom: shipments.expansionZoom,
        describe: latest.current.describeShipment,
      };
      reportOnIdle(map, 'drawnShipments', String(shipments.count));
    });
    return () => {
      stopShowing();
      releaseWhenRested(map, shown ? [...releases, shown] : releases);
    };
  }, [ready, shipments]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const releases = [setSourceData(map, SOURCES.incidents, incidentSourceData(incidents))];
    reportOnIdle(map, 'drawnIncidents', String(incidentCounts(incidents).count));
    return () => releaseWhenRested(map, releases);
  }, [ready, incidents]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !incidentSizes) return;
    for (const [id, size] of incidentSizes)
      map.setFeatureState({ source: SOURCES.incidents, id }, { size });
    return () => {
      // On unmount the map is removed first (an earlier effect's cleanup): nothing to undo.
      if (mapRef.current !== map) return;
      for (const id of incidentSizes.keys()) {
        map.removeFeatureState({ source: SOURCES.incidents, id }, 'size');
      }
    };
  }, [ready, incidentSizes]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    void map.getSource<GeoJSONSource>(SOURCES.areas)?.setData(areaFeatures(areas));
  }, [ready, areas]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const features = siteFeatures(sites, siteAssessments);
    void map.getSource<GeoJSONSource>(SOURCES.sites)?.setData(features);
    reportOnIdle(map, 'drawnSites', String(sites?.length ?? 0));
    // "NONE:1,POTENTIAL:1": how many sites are drawn in each state's colour.
    reportOnIdle(map, 'drawnSiteStates', countsOf(features.features, 'assessment'));
  }, [ready, sites, siteAssessments]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    void map.getSource<GeoJSONSource>(SOURCES.routes)?.setData(routeFeatures(routes));
  }, [ready, routes]);

  const counts = useMemo(() => shipmentCounts(shipments), [shipments]);
  const locatedIncidents = useMemo(() => incidentCounts(incidents).located, [incidents]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    for (const layer of SHIPMENT_LAYERS) {
      map.setLayoutProperty(layer, 'visibility', showShipments ? 'visible' : 'none');
    }
    map.setLayoutProperty(LAYERS.incidents, 'visibility', showIncidents ? 'visible' : 'none');
    for (const layer of [LAYERS.areaFill, LAYERS.areaOutline]) {
      map.setLayoutProperty(layer, 'visibility', showIncidents ? 'visible' : 'none');
    }
    map.setLayoutProperty(LAYERS.sites, 'visibility', showSites ? 'visible' : 'none');
  }, [ready, showShipments, showIncidents, showSites]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    for (const layer of CIRCLE_LAYERS) {
      map.setPaintProperty(layer, 'circle-stroke-color', OUTLINE[theme]);
    }
    if (usesBasemap) {
      for (const { layer, property, value } of basemapColors(theme)) {
        map.setPaintProperty(layer, property, value);
      }
    }
    reportOnIdle(map, 'paintedTheme', theme);
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
        data-shipments={ready ? counts.count : undefined}
        data-exposed-shipments={ready ? counts.exposed : undefined}
        data-areas={ready ? (areas?.length ?? 0) : undefined}
        data-routes={ready ? (routes?.length ?? 0) : undefined}
        data-incidents={ready ? locatedIncidents : undefined}
        data-sites={ready ? (sites?.length ?? 0) : undefined}
        data-visible-layers={[
          showShipments && 'shipments',
          showIncidents && 'incidents',
          showSites && sites?.length && 'sites',
        ]
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
