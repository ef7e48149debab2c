import type { Shipment } from '@meridian/contracts';

export type TransportMode = Shipment['mode'];
export type LatLng = readonly [lat: number, lng: number];
export type Place = { name: string; code: string; at: LatLng };

/**
 * A trade lane: the endpoints plus waypoints that keep sea routes in water (around capes,
 * through straits and canals) and land routes on their real corridors.
 */
export type Lane = {
  id: string;
  mode: TransportMode;
  origin: Place;
  destination: Place;
  via: readonly LatLng[];
};

const place = (name: string, code: string, lat: number, lng: number): Place => ({
  name: `${name} (${code})`,
  code,
  at: [lat, lng],
});

const P = {
  shanghai: place('Shanghai', 'CNSHA', 30.62, 122.08),
  ningbo: place('Ningbo', 'CNNGB', 29.93, 121.87),
  yantian: place('Shenzhen Yantian', 'CNYTN', 22.57, 114.28),
  kaohsiung: place('Kaohsiung', 'TWKHH', 22.6, 120.27),
  busan: place('Busan', 'KRPUS', 35.08, 129.08),
  yokohama: place('Yokohama', 'JPYOK', 35.45, 139.67),
  singapore: place('Singapore', 'SGSIN', 1.26, 103.82),
  portKlang: place('Port Klang', 'MYPKG', 2.99, 101.37),
  nhavaSheva: place('Nhava Sheva', 'INNSA', 18.95, 72.95),
  jebelAli: place('Jebel Ali', 'AEJEA', 25.02, 55.05),
  rotterdam: place('Rotterdam', 'NLRTM', 51.95, 4.07),
  antwerp: place('Antwerp', 'BEANR', 51.28, 4.33),
  hamburg: place('Hamburg', 'DEHAM', 53.53, 9.95),
  santos: place('Santos', 'BRSSZ', -23.98, -46.3),
  losAngeles: place('Los Angeles', 'USLAX', 33.73, -118.26),
  longBeach: place('Long Beach', 'USLGB', 33.75, -118.2),
  newYork: place('New York/New Jersey', 'USNYC', 40.67, -74.05),
  savannah: place('Savannah', 'USSAV', 32.08, -81.09),
  houston: place('Houston', 'USHOU', 29.73, -95.02),
  vancouver: place('Vancouver', 'CAVAN', 49.29, -123.1),
  frankfurtAir: place('Frankfurt', 'FRA', 50.03, 8.56),
  chicagoAir: place("Chicago O'Hare", 'ORD', 41.98, -87.9),
  hongKongAir: place('Hong Kong', 'HKG', 22.31, 113.92),
  memphisAir: place('Memphis', 'MEM', 35.04, -89.98),
  pudongAir: place('Shanghai Pudong', 'PVG', 31.14, 121.8),
  amsterdamAir: place('Amsterdam Schiphol', 'AMS', 52.31, 4.76),
  incheonAir: place('Seoul Incheon', 'ICN', 37.46, 126.44),
  detroitAir: place('Detroit Metro', 'DTW', 42.21, -83.35),
  changiAir: place('Singapore Changi', 'SIN', 1.36, 103.99),
  duisburg: place('Duisburg', 'DEDUI', 51.45, 6.73),
  chongqing: place('Chongqing', 'CNCKG', 29.56, 106.55),
  milan: place('Milan', 'ITMIL', 45.46, 9.19),
  monterrey: place('Monterrey', 'MXMTY', 25.68, -100.31),
  detroit: place('Detroit', 'USDET', 42.33, -83.05),
  chicago: place('Chicago', 'USCHI', 41.85, -87.65),
  bangkok: place('Bangkok', 'THBKK', 13.75, 100.5),
  prague: place('Prague', 'CZPRG', 50.08, 14.44),
} as const;

/** Sea legs shared by several lanes, each in open water or mid-channel. */
const SEA = {
  shanghaiToSingapore: [
    [29.6, 123.2],
    [26.5, 121.2],
    [24.4, 119.6],
    [22.0, 116.5],
    [17.0, 113.5],
    [11.0, 110.5],
    [5.5, 106.0],
    [1.6, 104.6],
    [1.2, 104.1],
  ],
  singaporeToSriLanka: [
    [1.2, 103.6],
    [2.3, 101.6],
    [3.9, 100.3],
    [5.8, 98.4],
    [6.3, 95.0],
    [5.5, 87.0],
    [5.4, 80.6],
  ],
  sriLankaToSuez: [
    [8.5, 72.5],
    [12.3, 52.0],
    [12.5, 44.5],
    [12.6, 43.3],
    [14.5, 42.2],
    [19.5, 38.8],
    [24.5, 35.7],
    [27.6, 33.9],
    [28.7, 33.1],
    [29.9, 32.55],
    [31.3, 32.35],
  ],
  suezToGibraltar: [
    [31.8, 32.2],
    [33.6, 26.0],
    [35.0, 18.0],
    [37.3, 11.6],
    [37.7, 5.5],
    [36.2, -2.0],
    [35.95, -5.6],
  ],
  gibraltarToChannel: [
    [36.0, -6.6],
    [36.7, -9.4],
    [39.0, -10.0],
    [43.6, -9.8],
    [46.0, -7.0],
    [48.5, -5.8],
    [50.0, -2.0],
    [51.0, 1.45],
  ],
  channelToRotterdam: [
    [51.6, 2.6],
    [51.98, 3.9],
  ],
  channelToHamburg: [
    [51.7, 2.5],
    [53.5, 4.5],
    [53.9, 7.5],
    [53.9, 8.5],
    [53.7, 9.3],
  ],
  channelToAntwerp: [
    [51.45, 3.3],
    [51.38, 4.0],
  ],
  /** Around Africa, the route carriers took when the Red Sea closed. */
  sriLankaToCape: [
    [0.0, 75.0],
    [-15.0, 58.0],
    [-26.0, 47.8],
    [-31.0, 35.0],
    [-35.3, 25.0],
    [-35.5, 19.0],
    [-34.5, 16.5],
  ],
  capeToChannel: [
    [-25.0, 8.0],
    [-5.0, -2.0],
    [5.0, -16.0],
    [14.0, -19.0],
    [24.0, -17.5],
    [32.0, -12.0],
    [39.0, -10.2],
    [43.6, -9.8],
    [46.0, -7.0],
    [48.5, -5.8],
    [50.0, -2.0],
    [51.0, 1.45],
  ],
  santosToChannel: [
    [-25.0, -45.0],
    [-23.0, -40.0],
    [-10.0, -33.0],
    [-4.0, -32.0],
    [10.0, -28.0],
    [30.0, -22.0],
    [39.0, -12.0],
    [43.6, -9.8],
    [46.0, -7.0],
    [48.5, -5.8],
    [50.0, -2.0],
    [51.0, 1.45],
  ],
  channelToNewYork: [
    [50.0, -2.0],
    [49.3, -6.5],
    [47.0, -25.0],
    [42.0, -50.0],
    [40.3, -69.0],
    [40.3, -73.6],
  ],
  floridaStraitsNorth: [
    [24.2, -81.5],
    [25.4, -79.8],
    [27.5, -79.7],
    [30.5, -80.2],
  ],
} as const satisfies Record<string, readonly LatLng[]>;

const lane = (
  id: string,
  mode: TransportMode,
  origin: Place,
  destination: Place,
  ...legs: (readonly LatLng[])[]
): Lane => ({ id, mode, origin, destination, via: legs.flat() });

export const LANES: readonly Lane[] = [
  lane(
    'shanghai-rotterdam-suez',
    'SEA',
    P.shanghai,
    P.rotterdam,
    SEA.shanghaiToSingapore,
    SEA.singaporeToSriLanka,
    SEA.sriLankaToSuez,
    SEA.suezToGibraltar,
    SEA.gibraltarToChannel,
    SEA.channelToRotterdam,
  ),
  lane(
    'shanghai-rotterdam-cape',
    'SEA',
    P.shanghai,
    P.rotterdam,
    SEA.shanghaiToSingapore,
    SEA.singaporeToSriLanka,
    SEA.sriLankaToCape,
    SEA.capeToChannel,
    SEA.channelToRotterdam,
  ),
  lane(
    'singapore-hamburg-suez',
    'SEA',
    P.singapore,
    P.hamburg,
    SEA.singaporeToSriLanka,
    SEA.sriLankaToSuez,
    SEA.suezToGibraltar,
    SEA.gibraltarToChannel,
    SEA.channelToHamburg,
  ),
  lane(
    'nhava-sheva-antwerp-suez',
    'SEA',
    P.nhavaSheva,
    P.antwerp,
    [
      [17.5, 70.0],
      [13.0, 55.0],
    ],
    SEA.sriLankaToSuez.slice(2),
    SEA.suezToGibraltar,
    SEA.gibraltarToChannel,
    SEA.channelToAntwerp,
  ),
  lane(
    'ningbo-jebel-ali',
    'SEA',
    P.ningbo,
    P.jebelAli,
    [[29.6, 123.0]],
    SEA.shanghaiToSingapore.slice(1),
    SEA.singaporeToSriLanka,
    [
      [7.0, 77.0],
      [15.0, 66.0],
      [22.5, 60.5],
      [26.55, 56.55],
      [26.3, 55.9],
      [25.6, 55.2],
    ],
  ),
  lane('yantian-los-angeles', 'SEA', P.yantian, P.losAngeles, [
    [22.2, 114.4],
    [21.6, 117.5],
    [21.0, 121.0],
    [24.0, 126.0],
    [30.0, 140.0],
    [38.0, 165.0],
    [40.0, -170.0],
    [38.0, -140.0],
    [33.3, -120.8],
    [33.62, -118.7],
  ]),
  lane('busan-long-beach', 'SEA', P.busan, P.longBeach, [
    [35.0, 129.4],
    [37.5, 132.0],
    [40.6, 138.8],
    [41.32, 140.15],
    [41.62, 140.95],
    [41.55, 142.2],
    [44.0, 160.0],
    [44.5, -175.0],
    [41.0, -145.0],
    [34.0, -123.0],
    [33.3, -120.8],
    [33.62, -118.7],
  ]),
  lane('yokohama-vancouver', 'SEA', P.yokohama, P.vancouver, [
    [35.2, 139.72],
    [35.0, 139.72],
    [34.75, 140.0],
    [38.0, 146.0],
    [46.0, 170.0],
    [50.5, -160.0],
    [48.5, -128.0],
    [48.45, -124.6],
    [48.25, -123.7],
    [48.3, -123.15],
    [48.6, -123.2],
    [48.77, -123.05],
    [49.0, -123.3],
    [49.25, -123.3],
  ]),
  lane(
    'shanghai-savannah-panama',
    'SEA',
    P.shanghai,
    P.savannah,
    [
      [28.5, 124.5],
      [25.6, 126.8],
      [28.0, 135.0],
      [30.0, 150.0],
      [27.0, 180.0],
      [20.0, -140.0],
      [12.0, -100.0],
      [7.0, -82.0],
      [7.0, -80.0],
      [8.5, -79.3],
      [8.9, -79.55],
      [9.35, -79.9],
      [9.8, -79.9],
      [15.5, -82.0],
      [20.5, -85.5],
      [21.8, -86.0],
      [23.8, -84.0],
    ],
    SEA.floridaStraitsNorth,
    [[31.9, -80.7]],
  ),
  lane(
    'kaohsiung-port-klang',
    'SEA',
    P.kaohsiung,
    P.portKlang,
    [
      [22.3, 120.1],
      [21.0, 119.0],
    ],
    SEA.shanghaiToSingapore.slice(4),
    [
      [1.2, 103.6],
      [2.3, 101.6],
    ],
  ),
  lane(
    'santos-rotterdam',
    'SEA',
    P.santos,
    P.rotterdam,
    SEA.santosToChannel,
    SEA.channelToRotterdam,
  ),
  lane(
    'santos-singapore-cape',
    'SEA',
    P.santos,
    P.singapore,
    [
      [-25.0, -45.0],
      [-30.0, -30.0],
      [-35.5, 0.0],
      [-36.5, 20.0],
      [-32.0, 40.0],
      [-15.0, 75.0],
      [-2.0, 93.0],
      [6.2, 94.6],
    ],
    SEA.singaporeToSriLanka.slice(0, 4).reverse(),
  ),
  lane(
    'rotterdam-new-york',
    'SEA',
    P.rotterdam,
    P.newYork,
    SEA.channelToRotterdam.slice().reverse(),
    [[51.0, 1.45]],
    SEA.channelToNewYork,
  ),
  lane(
    'houston-antwerp',
    'SEA',
    P.houston,
    P.antwerp,
    [
      [29.3, -94.6],
      [27.5, -90.0],
      [24.8, -84.5],
    ],
    SEA.floridaStraitsNorth,
    [
      [36.0, -70.0],
      [45.0, -35.0],
      [49.3, -6.5],
      [50.0, -2.0],
      [51.0, 1.45],
    ],
    SEA.channelToAntwerp,
  ),
  lane('frankfurt-chicago', 'AIR', P.frankfurtAir, P.chicagoAir),
  lane('hong-kong-memphis', 'AIR', P.hongKongAir, P.memphisAir, [[61.17, -150.0]]),
  lane('pudong-amsterdam', 'AIR', P.pudongAir, P.amsterdamAir),
  lane('incheon-detroit', 'AIR', P.incheonAir, P.detroitAir),
  lane('changi-frankfurt', 'AIR', P.changiAir, P.frankfurtAir),
  lane('rotterdam-duisburg', 'ROAD', P.rotterdam, P.duisburg, [
    [51.88, 4.6],
    [51.85, 5.85],
    [51.83, 6.25],
  ]),
  lane('monterrey-detroit', 'ROAD', P.monterrey, P.detroit, [
    [27.5, -99.5],
    [29.42, -98.49],
    [32.78, -96.8],
    [35.15, -90.05],
    [39.77, -86.16],
  ]),
  lane('antwerp-milan', 'ROAD', P.antwerp, P.milan, [
    [50.85, 4.35],
    [49.61, 6.13],
    [48.58, 7.75],
    [47.56, 7.59],
    [47.05, 8.31],
    [46.56, 8.56],
    [46.0, 8.95],
  ]),
  lane('singapore-bangkok', 'ROAD', P.singapore, P.bangkok, [
    [3.14, 101.69],
    [4.6, 101.08],
    [5.4, 100.45],
    [7.0, 100.47],
    [9.14, 99.33],
    [10.5, 99.18],
    [12.57, 99.96],
  ]),
  lane('new-york-detroit', 'ROAD', P.newYork, P.detroit, [
    [40.9, -75.5],
    [41.2, -77.5],
    [41.4, -80.0],
    [41.5, -81.7],
  ]),
  lane('chongqing-duisburg', 'RAIL', P.chongqing, P.duisburg, [
    [34.34, 108.94],
    [36.06, 103.83],
    [43.83, 87.62],
    [45.17, 82.57],
    [49.8, 73.1],
    [54.87, 69.15],
    [56.84, 60.6],
    [55.75, 37.6],
    [53.9, 27.56],
    [52.1, 23.7],
    [52.23, 21.0],
    [52.4, 16.9],
    [52.52, 13.4],
    [52.37, 9.73],
  ]),
  lane('los-angeles-chicago', 'RAIL', P.losAngeles, P.chicago, [
    [34.9, -117.0],
    [35.19, -111.65],
    [35.08, -106.65],
    [35.2, -101.8],
    [37.69, -97.34],
    [39.1, -94.58],
    [40.8, -91.1],
  ]),
  lane('vancouver-chicago', 'RAIL', P.vancouver, P.chicago, [
    [50.67, -120.33],
    [52.87, -118.08],
    [53.55, -113.49],
    [52.13, -106.67],
    [49.9, -97.14],
    [46.79, -92.1],
    [44.5, -88.0],
  ]),
  lane('hamburg-prague', 'RAIL', P.hamburg, P.prague, [
    [52.13, 11.63],
    [51.05, 13.74],
  ]),
];

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;
const EARTH_RADIUS_KM = 6371;

type Vector = readonly [number, number, number];

const toVector = ([lat, lng]: LatLng): Vector => {
  const phi = toRadians(lat);
  const lambda = toRadians(lng);
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
};

const fromVector = ([x, y, z]: Vector): LatLng => [
  toDegrees(Math.atan2(z, Math.hypot(x, y))),
  toDegrees(Math.atan2(y, x)),
];

/** Central angle between two points, in radians. */
const angleBetween = (a: LatLng, b: LatLng): number => {
  const [ax, ay, az] = toVector(a);
  const [bx, by, bz] = toVector(b);
  const dot = Math.min(1, Math.max(-1, ax * bx + ay * by + az * bz));
  return Math.acos(dot);
};

export const distanceKm = (a: LatLng, b: LatLng): number => angleBetween(a, b) * EARTH_RADIUS_KM;

/** The point a fraction of the way along the great circle from a to b (handles the antimeridian). */
export function interpolate(a: LatLng, b: LatLng, fraction: number): LatLng {
  const angle = angleBetween(a, b);
  if (angle < 1e-9) return a;
  const wa = Math.sin((1 - fraction) * angle) / Math.sin(angle);
  const wb = Math.sin(fraction * angle) / Math.sin(angle);
  const va = toVector(a);
  const vb = toVector(b);
  return fromVector([va[0] * wa + vb[0] * wb, va[1] * wa + vb[1] * wb, va[2] * wa + vb[2] * wb]);
}

export const lanePath = (route: Lane): LatLng[] => [
  route.origin.at,
  ...route.via,
  route.destination.at,
];

/** Each lane's path and segment lengths, computed once: positions are asked for in bulk. */
const measured = new WeakMap<Lane, { path: LatLng[]; lengths: number[]; total: number }>();

function measure(route: Lane) {
  let entry = measured.get(route);
  if (!entry) {
    const path = lanePath(route);
    const lengths = path.slice(1).map((point, i) => distanceKm(path[i] ?? point, point));
    entry = { path, lengths, total: lengths.reduce((sum, km) => sum + km, 0) };
    measured.set(route, entry);
  }
  return entry;
}

/** The position a fraction (0..1) of the lane's length from its origin. */
export function positionAlong(route: Lane, fraction: number): LatLng {
  const { path, lengths, total } = measure(route);
  let remaining = Math.min(1, Math.max(0, fraction)) * total;
  for (const [i, length] of lengths.entries()) {
    const start = path[i];
    const end = path[i + 1];
    if (!start || !end) break;
    if (remaining <= length) return interpolate(start, end, length === 0 ? 0 : remaining / length);
    remaining -= length;
  }
  return route.destination.at;
}

export const roundCoordinate = (value: number) => Math.round(value * 1e5) / 1e5;
