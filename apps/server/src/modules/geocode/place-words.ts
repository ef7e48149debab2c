import type { GeoPoint } from '@meridian/contracts';
import Flatbush from 'flatbush';
import { countryName } from '../../lib/fact-format.js';
import { haversineKm } from '../../lib/geo/sphere.js';
import type { Gazetteer } from './gazetteer.js';

/** A place this close to a town is "in" it: its name alone. */
const AT_TOWN_KM = 5;
/** A town worth naming a place by: people know where it is. */
const NOTABLE_POPULATION = 20_000;
const NOTABLE_WITHIN_KM = 150;
/** Without a notable town near, the nearest of any size, this close. */
const ANY_WITHIN_KM = 50;
/** Sixteen points, as the USGS names its earthquakes ("24 km SSE of …"). */
const COMPASS = [
  'N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE',
  'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW',
] as const; // prettier-ignore

/** The compass point from `from` to `to`. */
function compassPoint(from: GeoPoint, to: GeoPoint): string {
  const rad = Math.PI / 180;
  const y = Math.sin((to.lng - from.lng) * rad) * Math.cos(to.lat * rad);
  const x =
    Math.cos(from.lat * rad) * Math.sin(to.lat * rad) -
    Math.sin(from.lat * rad) * Math.cos(to.lat * rad) * Math.cos((to.lng - from.lng) * rad);
  const degrees = (Math.atan2(y, x) / rad + 360) % 360;
  return COMPASS[Math.round(degrees / 22.5) % 16] ?? 'N';
}

/**
 * Places in words from the gazetteer's towns (GeoNames, population 1,000 and more): "Klang,
 * Malaysia" at a town, "24 km SSE of Kaohsiung, Taiwan" near a notable one, nothing far from
 * any (at sea).
 */
export class PlaceWords {
  private readonly index: Flatbush;

  constructor(private readonly gazetteer: Gazetteer) {
    this.index = new Flatbush(Math.max(1, gazetteer.cityCount));
    for (let city = 0; city < gazetteer.cityCount; city += 1) {
      const { lng, lat } = gazetteer.cityAt(city);
      this.index.add(lng, lat, lng, lat);
    }
    if (gazetteer.cityCount === 0) this.index.add(0, 0, 0, 0);
    this.index.finish();
  }

  describe(point: GeoPoint): string | null {
    const at = (city: number | undefined) => {
      if (city === undefined || city >= this.gazetteer.cityCount) return null;
      const found = this.gazetteer.cityAt(city);
      return { ...found, km: haversineKm([point.lng, point.lat], [found.lng, found.lat]) };
    };
    const nearest = at(this.index.neighbors(point.lng, point.lat, 1)[0]);
    const notable = at(
      this.index.neighbors(
        point.lng,
        point.lat,
        1,
        Infinity,
        (city) => this.gazetteer.cityAt(city).population >= NOTABLE_POPULATION,
      )[0],
    );
    const town =
      nearest && nearest.km <= AT_TOWN_KM
        ? nearest
        : notable && notable.km <= NOTABLE_WITHIN_KM
          ? notable
          : nearest && nearest.km <= ANY_WITHIN_KM
            ? nearest
            : null;
    if (!town) return null;
    const name = [town.name, countryName(town.countryCode) ?? town.countryCode]
      .filter(Boolean)
      .join(', ');
    if (town.km <= AT_TOWN_KM) return name;
    return `${Math.round(town.km)} km ${compassPoint(town, point)} of ${name}`;
  }
}
