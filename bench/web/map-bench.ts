/**
 * A benchmark-only page, built by `npm run bench` into bench-results/ and never part of the app
 * build, so users download none of it. Same data and basemap as Atlas, drawn three ways:
 * `?mode=dom` one MapLibre DOM Marker per point (the baseline Atlas must beat), `?mode=empty`
 * the basemap alone (what this machine's software WebGL manages at best), `?mode=webgl` the
 * app's own MapView. Each sets data-drawn-shipments on #map once the map is idle with its points.
 * `?mode=data` draws nothing: it reads Atlas's map data as Atlas does (see readMapData).
 */
import { basemapStyle, loadBasemapData, BASEMAP_SOURCES } from '@/components/map/basemap';
import { MapView } from '@/components/map/MapView';
import { getIncidentMap } from '@/features/atlas/api/get-incident-map';
import { getShipmentMap } from '@/features/atlas/api/get-shipment-map';
import type { Incident, Shipment } from '@meridian/contracts';
import { Map as MapLibreMap, Marker, type GeoJSONSource } from 'maplibre-gl';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const CAMERA = { lat: 20, lng: 10, zoom: 1.5 };
const mode = new URLSearchParams(window.location.search).get('mode') ?? 'dom';
const root = document.getElementById('map') as HTMLDivElement;

async function get<T>(path: string): Promise<T[]> {
  const token = window.localStorage.getItem('meridian.accessToken');
  const response = await fetch(path, { headers: { Authorization: `Bearer ${token ?? ''}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return ((await response.json()) as { data: T[] }).data;
}

async function domMarkers(shipments: Shipment[], incidents: Incident[]) {
  const map = new MapLibreMap({
    container: root,
    style: basemapStyle('light'),
    center: [CAMERA.lng, CAMERA.lat],
    zoom: CAMERA.zoom,
    attributionControl: false,
    fadeDuration: 0,
  });
  await map.once('load');
  const data = await loadBasemapData();
  void map.getSource<GeoJSONSource>(BASEMAP_SOURCES.land)?.setData(data.land);
  void map.getSource<GeoJSONSource>(BASEMAP_SOURCES.borders)?.setData(data.borders);
  void map.getSource<GeoJSONSource>(BASEMAP_SOURCES.coastline)?.setData(data.coastline);
  const marker = (lat: number, lng: number, color: string) => {
    const element = document.createElement('div');
    element.style.cssText = `width:6px;height:6px;border-radius:50%;background:${color}`;
    new Marker({ element }).setLngLat([lng, lat]).addTo(map);
  };
  for (const shipment of shipments) {
    marker(shipment.currentPosition.lat, shipment.currentPosition.lng, '#3b82f6');
  }
  for (const incident of incidents) {
    if (incident.location) marker(incident.location.lat, incident.location.lng, '#dc2626');
  }
  map.once('idle', () => {
    root.dataset.drawnShipments = String(shipments.length);
  });
  map.triggerRepaint();
}

/**
 * Atlas's map data and nothing else: the compact shipments body and the incidents fetched, read
 * in their workers, and the world view's clusters built, by the app's own code. Records the
 * longest main-thread task from the first request on (this page's own script, which carries
 * MapLibre, has run by then) as data-longest-task, and the shipments read as data-read-shipments.
 */
async function readMapData() {
  const from = performance.now();
  let longest = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.startTime >= from) longest = Math.max(longest, entry.duration);
    }
  }).observe({ type: 'longtask' });
  const [shipments, incidents] = await Promise.all([
    getShipmentMap('ORG', null),
    getIncidentMap('ORG'),
  ]);
  const view = await shipments.documents?.view({
    west: -180,
    south: -85,
    east: 180,
    north: 85,
    zoom: CAMERA.zoom,
  });
  if (!view || !incidents.documents) throw new Error('the map data was not read');
  // One more task, so that the observer has been told of the last one.
  await new Promise((resolve) => setTimeout(resolve, 50));
  root.dataset.longestTask = String(Math.round(longest));
  root.dataset.readShipments = String(shipments.documents?.count ?? 0);
}

async function start() {
  if (mode === 'data') return readMapData();
  const empty = mode === 'empty';
  const [shipments, incidents] = empty
    ? [[], []]
    : await Promise.all([
        get<Shipment>('/api/atlas/shipments?scope=ORG'),
        get<Incident>('/api/atlas/events?scope=ORG'),
      ]);
  if (mode === 'dom') return domMarkers(shipments, incidents);
  createRoot(root).render(
    createElement(MapView, {
      shipments,
      incidents,
      initialCamera: CAMERA,
      label: 'Map',
      className: 'bench-map',
      theme: 'light',
      styleUrl: null,
      onUnavailable: () => {
        root.dataset.state = 'unavailable';
      },
    }),
  );
}

void start();
