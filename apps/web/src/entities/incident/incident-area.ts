import type { IncidentDetail } from '@meridian/contracts';
import type { MapArea } from '@/components/map/map-types';

const EARTH_RADIUS_KM = 6371;
const CIRCLE_POINTS = 64;

/** A circle of `radiusKm` around a point as a closed ring, [lng, lat], on the sphere. */
export function circleRing(center: { lat: number; lng: number }, radiusKm: number): number[][] {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const lat1 = (center.lat * Math.PI) / 180;
  const lng1 = (center.lng * Math.PI) / 180;
  const ring: number[][] = [];
  for (let i = 0; i <= CIRCLE_POINTS; i += 1) {
    const bearing = (2 * Math.PI * (i % CIRCLE_POINTS)) / CIRCLE_POINTS;
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
    );
    const lng2 =
      lng1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
        Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
      );
    ring.push([(lng2 * 180) / Math.PI, (lat2 * 180) / Math.PI]);
  }
  return ring;
}

/**
 * Where an incident reaches: its own area when it has one, else the circle of its affected
 * radius around its location; nothing when it has neither.
 */
export function affectedArea(
  incident: Pick<IncidentDetail, 'id' | 'severity' | 'area' | 'location' | 'affectedRadiusKm'>,
): MapArea | null {
  if (incident.area) {
    const { type, coordinates } = incident.area;
    return {
      id: incident.id,
      severity: incident.severity,
      geometry: type === 'Polygon' ? { type, coordinates } : { type: 'MultiPolygon', coordinates },
    };
  }
  if (!incident.location || !incident.affectedRadiusKm) return null;
  return {
    id: incident.id,
    severity: incident.severity,
    geometry: {
      type: 'Polygon',
      coordinates: [circleRing(incident.location, incident.affectedRadiusKm)],
    },
  };
}
