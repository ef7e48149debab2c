import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { GeoArea } from '@meridian/contracts';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { EARTH_RADIUS_KM, type LngLat, unwrap, wrapLng } from '../../lib/geo/sphere.js';
import { COLOR, type Doc, FONT, printable } from './report-layout.js';

/** Natural Earth 1:50m countries (public domain), via world-atlas. */
const COUNTRIES_FILE = 'world-atlas/countries-50m.json';
const RAD = Math.PI / 180;

type Ring = { points: LngLat[]; minLng: number; maxLng: number; minLat: number; maxLat: number };
/** A country's polygon: its outline and holes, filled even-odd. */
type Shape = Ring[];

export const SITE_COLOR = '#1f2937';
export const SHIPMENT_COLOR = '#7c3aed';
/** Names written on the map at most; the nearest sites first. */
const LABELS_MAX = 8;

type Marker = { at: LngLat; label: string };
export type MapInput = {
  /** The incident's point, when it has one. */
  center: LngLat | null;
  radiusKm: number;
  area: GeoArea | null;
  color: string;
  sites: Marker[];
  shipments: Marker[];
};
type Box = { x: number; y: number; width: number; height: number };

const ringOf = (raw: readonly LngLat[]): Ring => {
  // A ring across the antimeridian is made continuous; one round a pole (an odd number of
  // jumps, Antarctica) is already right as it is in this projection.
  const jumps = raw.filter(
    (point, i) => i > 0 && Math.abs(point[0] - (raw[i - 1]?.[0] ?? 0)) > 180,
  );
  const points = jumps.length % 2 === 0 ? unwrap(raw) : [...raw];
  const lngs = points.map((point) => point[0]);
  const lats = points.map((point) => point[1]);
  return {
    points,
    minLng: Math.min(...lngs),
    maxLng: Math.max(...lngs),
    minLat: Math.min(...lats),
    maxLat: Math.max(...lats),
  };
};

/** GeoJSON positions are [lng, lat] (an altitude, when there is one, is not drawn). */
const polygonsOf = (geometry: Polygon | MultiPolygon | GeoArea): LngLat[][][] =>
  (geometry.type === 'Polygon'
    ? [geometry.coordinates]
    : geometry.coordinates) as unknown as LngLat[][][];

let countries: Promise<Shape[]> | null = null;
/** Read and decoded once per process (about 60 ms), on the first report. */
function loadCountries(): Promise<Shape[]> {
  countries ??= readFile(createRequire(import.meta.url).resolve(COUNTRIES_FILE), 'utf8').then(
    (text) => {
      const topology = JSON.parse(text) as Topology<{ countries: GeometryCollection }>;
      const collection = feature(topology, topology.objects.countries);
      return collection.features.flatMap((country) =>
        country.geometry && country.geometry.type !== 'GeometryCollection'
          ? polygonsOf(country.geometry as Polygon | MultiPolygon).map((rings) => rings.map(ringOf))
          : [],
      );
    },
  );
  return countries;
}

/** Points `radiusKm` from the centre, all round: the affected circle. */
function circle([lng, lat]: LngLat, radiusKm: number, steps = 96): LngLat[] {
  const d = radiusKm / EARTH_RADIUS_KM;
  const [lng1, lat1] = [lng * RAD, lat * RAD];
  return Array.from({ length: steps + 1 }, (_, i) => {
    const bearing = (2 * Math.PI * i) / steps;
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing),
    );
    const lng2 =
      lng1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
        Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
      );
    return [lng2 / RAD, lat2 / RAD] as LngLat;
  });
}

/** 1, 2 or 5 times a power of ten, the largest not above `value`. */
const niceBelow = (value: number) => {
  const power = 10 ** Math.floor(Math.log10(value));
  return [5, 2, 1].map((step) => step * power).find((nice) => nice <= value) ?? power;
};

/**
 * An equirectangular view around the incident: its affected circle or area and the exposed
 * sites, with a margin, widened to the box's proportions.
 */
function viewOf(input: MapInput, reference: number, box: Box) {
  const focus: LngLat[] = [
    ...(input.center ? circle(input.center, input.radiusKm) : []),
    ...(input.area ? polygonsOf(input.area).flat(2) : []),
    ...input.sites.map((site) => site.at),
  ].map(([lng, lat]) => [reference + wrapLng(lng - reference), lat] as LngLat);
  const lngs = focus.map((point) => point[0]);
  const lats = focus.map((point) => point[1]);
  let [west, east, south, north] = [
    Math.min(...lngs),
    Math.max(...lngs),
    Math.min(...lats),
    Math.max(...lats),
  ];
  const middle = (south + north) / 2;
  const squeeze = Math.max(0.2, Math.cos(middle * RAD));
  // In projected degrees (longitudes squeezed by the middle latitude's cosine), with a margin.
  const needed = { width: (east - west) * squeeze * 1.5, height: Math.max(north - south, 3) * 1.5 };
  const height = Math.min(170, Math.max(needed.height, needed.width / (box.width / box.height)));
  const width = height * (box.width / box.height);
  const cx = (west + east) / 2;
  const cy = Math.min(85 - height / 2, Math.max(-85 + height / 2, middle));
  [west, east] = [cx - width / squeeze / 2, cx + width / squeeze / 2];
  [south, north] = [cy - height / 2, cy + height / 2];
  const scale = box.width / ((east - west) * squeeze);
  return {
    west,
    east,
    south,
    north,
    squeeze,
    scale,
    project: ([lng, lat]: LngLat): [number, number] => [
      box.x + (lng - west) * squeeze * scale,
      box.y + (north - lat) * scale,
    ],
  };
}
type View = ReturnType<typeof viewOf>;

/** A path of the points, leaving out those closer than half a point to the last one drawn. */
function trace(doc: Doc, view: View, points: readonly LngLat[], shift: number): void {
  let last: [number, number] | null = null;
  for (const [lng, lat] of points) {
    const [x, y] = view.project([lng + shift, lat]);
    if (!last) doc.moveTo(x, y);
    else if (Math.abs(x - last[0]) + Math.abs(y - last[1]) < 0.5) continue;
    else doc.lineTo(x, y);
    last = [x, y];
  }
  doc.closePath();
}

/** The ±360° copies of a ring that fall in the view. */
const shiftsInView = (ring: Ring, view: View) =>
  [-360, 0, 360].filter(
    (shift) =>
      ring.maxLng + shift >= view.west &&
      ring.minLng + shift <= view.east &&
      ring.maxLat >= view.south &&
      ring.minLat <= view.north,
  );

/**
 * The map snapshot of a report: Natural Earth countries drawn as vectors, the affected area,
 * the incident's point, exposed sites (dots) and shipments (squares), a scale bar and the
 * data's credit.
 */
export async function drawMap(doc: Doc, box: Box, input: MapInput): Promise<void> {
  const shapes = await loadCountries();
  const reference =
    input.center?.[0] ?? (input.area ? (polygonsOf(input.area)[0]?.[0]?.[0]?.[0] ?? 0) : 0);
  const view = viewOf(input, reference, box);
  const near = (point: LngLat): LngLat => [reference + wrapLng(point[0] - reference), point[1]];

  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  doc.rect(box.x, box.y, box.width, box.height).fill('#dbeafe');
  for (const shape of shapes) {
    const [outline] = shape;
    if (!outline) continue;
    for (const shift of shiftsInView(outline, view)) {
      for (const ring of shape) trace(doc, view, ring.points, shift);
      doc.lineWidth(0.4).fillAndStroke('#f5f5f4', '#a8a29e', 'even-odd');
    }
  }

  const affected = input.area
    ? polygonsOf(input.area)
    : input.center
      ? [[circle(input.center, input.radiusKm)]]
      : [];
  for (const polygon of affected) {
    for (const ring of polygon) trace(doc, view, unwrap(ring.map(near)), 0);
    doc.fillOpacity(0.22).lineWidth(1.2).fillAndStroke(input.color, input.color, 'even-odd');
    doc.fillOpacity(1);
  }

  if (input.center) {
    const [x, y] = view.project(near(input.center));
    doc.circle(x, y, 6).lineWidth(2).fillAndStroke('#ffffff', input.color);
    doc.circle(x, y, 2.5).fill(input.color);
  }
  for (const { at } of input.shipments) {
    const [x, y] = view.project(near(at));
    doc
      .rect(x - 2.5, y - 2.5, 5, 5)
      .lineWidth(0.8)
      .fillAndStroke(SHIPMENT_COLOR, '#ffffff');
  }
  for (const { at } of input.sites) {
    const [x, y] = view.project(near(at));
    doc.circle(x, y, 3).lineWidth(0.8).fillAndStroke(SITE_COLOR, '#ffffff');
  }
  labels(
    doc,
    box,
    [...input.sites.slice(0, LABELS_MAX)].map(({ at, label }) => ({
      at: view.project(near(at)),
      label,
    })),
  );
  doc.restore();

  // Scale bar: a round distance about a fifth of the width, at the view's middle latitude.
  const kmPerPoint = (111.32 * (view.east - view.west) * view.squeeze) / box.width;
  const km = niceBelow(kmPerPoint * box.width * 0.2);
  const bar = km / kmPerPoint;
  const [bx, by] = [box.x + 10, box.y + box.height - 16];
  doc
    .rect(bx - 4, by - 11, bar + 8, 20)
    .fillOpacity(0.8)
    .fill('#ffffff')
    .fillOpacity(1);
  doc.rect(bx, by, bar, 3).fill(COLOR.ink);
  doc.font(FONT.regular).fontSize(7).fillColor(COLOR.ink);
  doc.text(`${km.toLocaleString('en-US')} km`, bx, by - 9, { width: bar, lineBreak: false });
  doc.fontSize(6).fillColor(COLOR.muted);
  doc.text('Map data: Natural Earth', box.x, box.y + box.height - 10, {
    width: box.width - 6,
    align: 'right',
    lineBreak: false,
  });
  doc.rect(box.x, box.y, box.width, box.height).lineWidth(0.8).strokeColor('#9ca3af').stroke();
}

type Rect = { x: number; y: number; width: number; height: number };
const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Names beside their dots on a light backing, leaving out any that would cover another. */
function labels(doc: Doc, box: Box, items: readonly { at: [number, number]; label: string }[]) {
  const placed: Rect[] = [];
  doc.font(FONT.regular).fontSize(6.5);
  for (const { at, label } of items) {
    const text = printable(label).slice(0, 40);
    const width = doc.widthOfString(text) + 4;
    const rect = { x: at[0] + 5, y: at[1] - 5, width, height: 9 };
    if (rect.x + rect.width > box.x + box.width) rect.x = at[0] - 5 - width;
    if (placed.some((other) => overlaps(rect, other))) continue;
    placed.push(rect);
    doc.roundedRect(rect.x, rect.y, rect.width, rect.height, 1.5).fillOpacity(0.85).fill('#ffffff');
    doc.fillOpacity(1).fillColor(COLOR.ink);
    doc.text(text, rect.x + 2, rect.y + 1.8, { lineBreak: false });
  }
}

type LegendItem = { symbol: 'area' | 'site' | 'shipment'; color: string; label: string };

/** The map's key, on one line under it. */
export function legend(doc: Doc, items: readonly LegendItem[]): void {
  let x = doc.page.margins.left;
  const y = doc.y + 2;
  doc.font(FONT.regular).fontSize(7.5);
  for (const item of items) {
    const [cx, cy] = [x + 5, y + 4];
    if (item.symbol === 'area') {
      doc.circle(cx, cy, 4.5).fillOpacity(0.22).lineWidth(1).fillAndStroke(item.color, item.color);
      doc.fillOpacity(1);
    } else if (item.symbol === 'site') doc.circle(cx, cy, 3).fill(item.color);
    else doc.rect(cx - 2.5, cy - 2.5, 5, 5).fill(item.color);
    const text = printable(item.label);
    doc.fillColor(COLOR.muted).text(text, x + 13, y + 1, { lineBreak: false });
    x += 13 + doc.widthOfString(text) + 16;
  }
  doc.x = doc.page.margins.left;
  doc.y = y + 14;
}
