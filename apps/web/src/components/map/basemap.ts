import type { Feature, FeatureCollection, Geometry, MultiLineString, Position } from 'geojson';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';

/**
 * The offline basemap: Natural Earth land and country borders (world-atlas, shipped with the
 * app as a static file), drawn by MapLibre without tiles, glyphs, network or API key.
 */
export type BasemapData = {
  land: FeatureCollection;
  borders: Feature<MultiLineString>;
  coastline: Feature<MultiLineString>;
};

type Countries = Topology<{ countries: GeometryCollection }>;

/**
 * world-atlas is stitched for spherical renderers: a line from 179°E to 179°W is one short step
 * there, but a stroke across the whole world on a flat map. Making longitudes continuous (181°,
 * 182°...) lets MapLibre wrap such shapes (Russia, Fiji, Antarctica) correctly.
 */
function unwrap(line: Position[]): Position[] {
  let offset = 0;
  let previous = line[0]?.[0] ?? 0;
  return line.map(([lng = 0, lat = 0]) => {
    if (lng - previous > 180) offset -= 360;
    else if (lng - previous < -180) offset += 360;
    previous = lng;
    return [lng + offset, lat];
  });
}

/** A ring around a pole ends 360° from where it starts once unwrapped: close it over the pole. */
function unwrapRing(ring: Position[]): Position[] {
  const line = unwrap(ring);
  const first = line[0];
  const last = line.at(-1);
  if (!first || !last || Math.abs((last[0] ?? 0) - (first[0] ?? 0)) < 180) return line;
  const poleLat = line.reduce((sum, point) => sum + (point[1] ?? 0), 0) < 0 ? -85 : 85;
  return [...line, [last[0] ?? 0, poleLat], [first[0] ?? 0, poleLat], first];
}

function unwrapGeometry(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'Polygon':
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
    case 'MultiPolygon':
      return {
        ...geometry,
        coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)),
      };
    case 'MultiLineString':
      return { ...geometry, coordinates: geometry.coordinates.map(unwrap) };
    case 'LineString':
      return { ...geometry, coordinates: unwrap(geometry.coordinates) };
    case 'Point':
    case 'MultiPoint':
    case 'GeometryCollection':
      return geometry;
  }
}

const lines = (geometry: MultiLineString): Feature<MultiLineString> => ({
  type: 'Feature',
  properties: {},
  geometry: { ...geometry, coordinates: geometry.coordinates.map(unwrap) },
});

let basemapData: Promise<BasemapData> | null = null;

/** Fetched and converted from TopoJSON once per page load. */
export function loadBasemapData(): Promise<BasemapData> {
  if (basemapData) return basemapData;
  const loading = fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`basemap: HTTP ${response.status}`);
      return response.json() as Promise<Countries>;
    })
    .then((topology): BasemapData => {
      const countries = topology.objects.countries;
      const land = feature(topology, countries);
      return {
        land: {
          ...land,
          features: land.features.map((country) => ({
            ...country,
            geometry: unwrapGeometry(country.geometry),
          })),
        },
        borders: lines(mesh(topology, countries, (a, b) => a !== b)),
        coastline: lines(mesh(topology, countries, (a, b) => a === b)),
      };
    })
    .catch((error: unknown) => {
      basemapData = null;
      throw error;
    });
  basemapData = loading;
  return loading;
}

export const BASEMAP_SOURCES = {
  land: 'basemap-land',
  borders: 'basemap-borders',
  coastline: 'basemap-coastline',
} as const;

const PALETTES = {
  light: { water: '#dce7f1', land: '#f8fafc', borders: '#b6c2cf', coastline: '#94a3b8' },
  dark: { water: '#0b1220', land: '#1e293b', borders: '#475569', coastline: '#64748b' },
} as const;

export type BasemapTheme = keyof typeof PALETTES;

type ColorPaint = {
  layer: string;
  property: 'background-color' | 'fill-color' | 'line-color';
  value: string;
};

/** The colours of the basemap layers, so a theme change repaints without rebuilding the style. */
export function basemapColors(theme: BasemapTheme): ColorPaint[] {
  const palette = PALETTES[theme];
  return [
    { layer: 'basemap-water', property: 'background-color', value: palette.water },
    { layer: 'basemap-land', property: 'fill-color', value: palette.land },
    { layer: 'basemap-borders', property: 'line-color', value: palette.borders },
    { layer: 'basemap-coastline', property: 'line-color', value: palette.coastline },
  ];
}

const emptyCollection: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function basemapStyle(theme: BasemapTheme): StyleSpecification {
  const palette = PALETTES[theme];
  const layers: LayerSpecification[] = [
    { id: 'basemap-water', type: 'background', paint: { 'background-color': palette.water } },
    {
      id: 'basemap-land',
      type: 'fill',
      source: BASEMAP_SOURCES.land,
      paint: { 'fill-color': palette.land },
    },
    {
      id: 'basemap-borders',
      type: 'line',
      source: BASEMAP_SOURCES.borders,
      paint: {
        'line-color': palette.borders,
        'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 6, 1.2],
      },
    },
    {
      id: 'basemap-coastline',
      type: 'line',
      source: BASEMAP_SOURCES.coastline,
      paint: {
        'line-color': palette.coastline,
        'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.4],
      },
    },
  ];
  return {
    version: 8,
    sources: {
      [BASEMAP_SOURCES.land]: { type: 'geojson', data: emptyCollection, tolerance: 0.5 },
      [BASEMAP_SOURCES.borders]: { type: 'geojson', data: emptyCollection, tolerance: 0.5 },
      [BASEMAP_SOURCES.coastline]: { type: 'geojson', data: emptyCollection, tolerance: 0.5 },
    },
    layers,
  };
}
