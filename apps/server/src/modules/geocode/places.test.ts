import { describe, expect, it } from 'vitest';
import { haversineKm } from '../../lib/geo/sphere.js';
import { GeocodeService } from './geocode.service.js';

const silent = {
  info: () => undefined,
  warn: () => undefined,
} as unknown as ConstructorParameters<typeof GeocodeService>[0]['log'];
const service = new GeocodeService({ geocoderUrl: undefined, log: silent });

/**
 * The world's busiest container ports (Lloyd's List's One Hundred Ports, 2024, the first 50 and
 * a few more), by the name people use and by UN/LOCODE, each with where its main container
 * terminals are, read off public maps to 0.01° and written here independently of the table.
 */
const PORTS: readonly (readonly [name: string, code: string, lat: number, lng: number])[] = [
  ['Shanghai', 'CNSHA', 30.62, 122.07],
  ['Singapore', 'SGSIN', 1.26, 103.8],
  ['Ningbo-Zhoushan', 'CNNGB', 29.94, 121.88],
  ['Shenzhen', 'CNSZX', 22.48, 113.89],
  ['Qingdao', 'CNTAO', 36.0, 120.2],
  ['Guangzhou', 'CNCAN', 23.09, 113.45],
  ['Busan', 'KRPUS', 35.08, 128.83],
  ['Tianjin', 'CNTSN', 38.98, 117.78],
  ['Jebel Ali', 'AEJEA', 25.01, 55.06],
  ['Hong Kong', 'HKHKG', 22.33, 114.12],
  ['Port Klang', 'MYPKG', 3.0, 101.39],
  ['Rotterdam', 'NLRTM', 51.95, 4.05],
  ['Xiamen', 'CNXMN', 24.47, 118.05],
  ['Antwerp-Bruges', 'BEANR', 51.28, 4.3],
  ['Tanjung Pelepas', 'MYTPP', 1.36, 103.55],
  ['Kaohsiung', 'TWKHH', 22.58, 120.3],
  ['Los Angeles', 'USLAX', 33.73, -118.26],
  ['Laem Chabang', 'THLCH', 13.08, 100.89],
  ['Hamburg', 'DEHAM', 53.53, 9.93],
  ['Long Beach', 'USLGB', 33.75, -118.21],
  ['Tanger Med', 'MAPTM', 35.89, -5.5],
  ['New York/New Jersey', 'USNYC', 40.68, -74.15],
  ['Colombo', 'LKCMB', 6.95, 79.84],
  ['Ho Chi Minh City', 'VNSGN', 10.76, 106.79],
  ['Dalian', 'CNDLC', 38.93, 121.66],
  ['Tanjung Priok', 'IDTPP', -6.1, 106.88],
  ['Mundra', 'INMUN', 22.74, 69.7],
  ['Jawaharlal Nehru', 'INNSA', 18.95, 72.95],
  ['Piraeus', 'GRPIR', 37.94, 23.63],
  ['Rizhao', 'CNRZH', 35.38, 119.55],
  ['Lianyungang', 'CNLYG', 34.74, 119.44],
  ['Manila', 'PHMNL', 14.61, 120.96],
  ['Valencia', 'ESVLC', 39.44, -0.32],
  ['Yingkou', 'CNYIK', 40.27, 122.1],
  ['Algeciras', 'ESALG', 36.13, -5.44],
  ['Bremerhaven', 'DEBRV', 53.58, 8.54],
  ['Savannah', 'USSAV', 32.12, -81.14],
  ['Cai Mep', 'VNCMT', 10.53, 107.03],
  ['Tokyo', 'JPTYO', 35.62, 139.79],
  ['Santos', 'BRSSZ', -23.98, -46.3],
  ['Jeddah', 'SAJED', 21.47, 39.17],
  ['Salalah', 'OMSLL', 16.94, 54.0],
  ['Colon', 'PAONX', 9.35, -79.87],
  ['Felixstowe', 'GBFXT', 51.96, 1.33],
  ['Port Said', 'EGPSD', 31.23, 32.36],
  ['Haiphong', 'VNHPH', 20.86, 106.68],
  ['Tanjung Perak', 'IDSUB', -7.2, 112.73],
  ['Houston', 'USHOU', 29.66, -95.01],
  ['Manzanillo', 'MXZLO', 19.06, -104.31],
  ['Khalifa Port', 'AEKHL', 24.81, 54.65],
  ['Yokohama', 'JPYOK', 35.45, 139.66],
  ['Ambarli', 'TRAMR', 40.97, 28.69],
  ['Durban', 'ZADUR', -29.87, 31.03],
  ['Gioia Tauro', 'ITGIT', 38.44, 15.9],
  ['Balboa', 'PABLB', 8.95, -79.57],
];

/** How far the first place a search offers is from where the port is, in km (Infinity: none). */
const missBy = async (query: string, lat: number, lng: number) => {
  const [first] = await service.searchPlaces(query);
  return first ? Math.round(haversineKm([first.lng, first.lat], [lng, lat])) : Infinity;
};

describe('finding places by name or UN/LOCODE', () => {
  it('puts each of the busiest container ports within 25 km, by name and by code', async () => {
    const far: string[] = [];
    for (const [name, code, lat, lng] of PORTS) {
      for (const query of [name, code]) {
        const km = await missBy(query, lat, lng);
        if (km > 25) far.push(`${query}: ${km} km`);
      }
    }
    expect(far).toEqual([]);
    expect(PORTS.length).toBeGreaterThanOrEqual(50);
  });

  it('finds a port by its aliases, a country after a comma, and "port of"', async () => {
    for (const query of ['Klang', 'Westport, MY', 'Port Klang, Malaysia', 'port of Port Klang']) {
      const [first] = await service.searchPlaces(query);
      expect(first, query).toMatchObject({ locode: 'MYPKG', kind: 'PORT', countryCode: 'MY' });
    }
    const [yantian] = await service.searchPlaces('Yantian');
    expect(yantian).toMatchObject({ locode: 'CNYTN', country: 'China' });
    const [spaced] = await service.searchPlaces('my pkg');
    expect(spaced?.locode).toBe('MYPKG');
  });

  it('finds the canals and straits shipping passes through, by name or alias', async () => {
    const [suez] = await service.searchPlaces('suez canal');
    expect(suez).toMatchObject({ name: 'Suez Canal', kind: 'WATERWAY', countryCode: 'EG' });
    const [hormuz] = await service.searchPlaces('Hormuz');
    expect(hormuz).toMatchObject({ name: 'Strait of Hormuz', kind: 'WATERWAY' });
    expect(haversineKm([hormuz!.lng, hormuz!.lat], [56.25, 26.57])).toBeLessThan(50);
    const [bosporus] = await service.searchPlaces('Bosporus');
    expect(bosporus?.name).toBe('Bosphorus');
  });

  it("places a news item at the first of its names that is a place's", async () => {
    expect(await service.firstPlaceNamed(['Dockworkers', 'Port Klang'])).toMatchObject({
      locode: 'MYPKG',
    });
    expect(await service.firstPlaceNamed(['CNBC', 'Reuters'])).toBeNull();
    expect((await service.firstPlaceNamed(['Suez Canal', 'Suez']))?.kind).toBe('WATERWAY');
  });

  it('offers every place an ambiguous name means, with its country and kind', async () => {
    const westport = await service.searchPlaces('Westport');
    expect(westport[0]).toMatchObject({ name: 'Port Klang', kind: 'PORT', locode: 'MYPKG' });
    const cities = westport.filter((place) => place.kind === 'CITY');
    expect(cities.map((place) => place.countryCode)).toEqual(
      expect.arrayContaining(['IE', 'US', 'NZ']),
    );
    for (const city of cities) {
      expect(city).toMatchObject({ name: 'Westport', locode: null });
      expect(city.country).not.toBe('');
    }
    // "Portland, OR" names no country: every Portland is offered, the largest first.
    const portland = await service.searchPlaces('Portland, OR');
    expect(portland[0]).toMatchObject({ name: 'Portland', countryCode: 'US', kind: 'CITY' });
    expect(portland.length).toBeGreaterThan(1);
  });

  it('lists a port city once when the city and its port are one place, and the airport apart', async () => {
    const klang = await service.searchPlaces('Klang');
    expect(klang.filter((place) => place.countryCode === 'MY')).toHaveLength(1);
    // The city first: "Madrid" means Madrid more often than its airport, which is offered after.
    const madrid = await service.searchPlaces('Madrid');
    expect(madrid.slice(0, 1)).toMatchObject([
      { kind: 'CITY', countryCode: 'ES', country: 'Spain' },
    ]);
    expect(madrid.find((place) => place.kind === 'AIRPORT')?.locode).toBe('ESMAD');
  });

  it('answers nothing for a name no table knows', async () => {
    expect(await service.searchPlaces('Qwxzv Harbour')).toEqual([]);
  });
});
