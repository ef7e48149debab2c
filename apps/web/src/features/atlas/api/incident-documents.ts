import type { MapArea } from '@/components/map/map-types';
import { affectedArea } from '@/entities/incident/incident-area';
import type { ReadIncident } from '@/lib/readers';

/** The located incidents as a GeoJSON FeatureCollection text, for the map's worker to parse. */
export function incidentPoints(incidents: readonly ReadIncident[]): {
  blob: Blob;
  located: number;
} {
  const features: string[] = [];
  for (const { id, title, severity, location } of incidents) {
    if (!location) continue;
    features.push(
      JSON.stringify({
        type: 'Feature',
        properties: { id, title, severity },
        geometry: { type: 'Point', coordinates: [location.lng, location.lat] },
      }),
    );
  }
  const text = `{"type":"FeatureCollection","features":[${features.join(',')}]}`;
  return { blob: new Blob([text], { type: 'application/geo+json' }), located: features.length };
}

/** The reach of the incidents among `ids` that are not resolved (those with one). */
export function incidentAreas(
  incidents: readonly ReadIncident[],
  ids: readonly string[],
): MapArea[] {
  const wanted = new Set(ids);
  return incidents.flatMap((incident) => {
    if (!wanted.has(incident.id) || incident.status === 'RESOLVED') return [];
    const area = affectedArea({ ...incident, area: null });
    return area ? [area] : [];
  });
}
