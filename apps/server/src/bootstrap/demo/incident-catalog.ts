import type { IncidentType, Severity } from '@meridian/contracts';
import type { Random } from './random.js';

export type IncidentPlace = { name: string; lat: number; lng: number; countryCode: string };

/** Values a template's text may use, drawn once per incident. */
export type IncidentContext = { place: IncidentPlace; random: Random; po: () => string };

export type IncidentTemplate = {
  /** Global templates describe events that affect everyone; ORG ones a customer's own orders. */
  audience: 'GLOBAL' | 'ORG' | 'ANY';
  type: IncidentType;
  severities: readonly (readonly [Severity, number])[];
  /** Empty for events with no single location (a cyberattack, a rate spike). */
  places: readonly IncidentPlace[];
  write: (context: IncidentContext) => { title: string; description: string };
};

const at = (name: string, lat: number, lng: number, countryCode: string): IncidentPlace => ({
  name,
  lat,
  lng,
  countryCode,
});

const PLACES = {
  shanghai: at('Shanghai', 30.62, 122.08, 'CN'),
  ningbo: at('Ningbo-Zhoushan', 29.93, 121.87, 'CN'),
  yantian: at('Shenzhen Yantian', 22.57, 114.28, 'CN'),
  hongKong: at('Hong Kong', 22.3, 114.17, 'HK'),
  kaohsiung: at('Kaohsiung', 22.6, 120.27, 'TW'),
  hsinchu: at('Hsinchu', 24.8, 120.97, 'TW'),
  busan: at('Busan', 35.08, 129.08, 'KR'),
  yokohama: at('Yokohama', 35.45, 139.67, 'JP'),
  singapore: at('Singapore', 1.26, 103.82, 'SG'),
  portKlang: at('Port Klang', 2.99, 101.37, 'MY'),
  penang: at('Penang', 5.35, 100.3, 'MY'),
  hoChiMinh: at('Ho Chi Minh City', 10.78, 106.7, 'VN'),
  bangkok: at('Bangkok', 13.75, 100.5, 'TH'),
  dhaka: at('Dhaka', 23.81, 90.41, 'BD'),
  chongqing: at('Chongqing', 29.56, 106.55, 'CN'),
  nhavaSheva: at('Nhava Sheva', 18.95, 72.95, 'IN'),
  jebelAli: at('Jebel Ali', 25.02, 55.05, 'AE'),
  rotterdam: at('Rotterdam', 51.95, 4.07, 'NL'),
  antwerp: at('Antwerp', 51.28, 4.33, 'BE'),
  hamburg: at('Hamburg', 53.53, 9.95, 'DE'),
  felixstowe: at('Felixstowe', 51.95, 1.32, 'GB'),
  duisburg: at('Duisburg', 51.45, 6.73, 'DE'),
  frankfurt: at('Frankfurt Airport', 50.03, 8.56, 'DE'),
  kaub: at('Kaub (Rhine)', 50.09, 7.76, 'DE'),
  malaszewicze: at('Małaszewicze', 52.05, 23.55, 'PL'),
  gotthard: at('Gotthard', 46.56, 8.56, 'CH'),
  piraeus: at('Piraeus', 37.94, 23.62, 'GR'),
  losAngeles: at('Los Angeles / Long Beach', 33.74, -118.23, 'US'),
  savannah: at('Savannah', 32.08, -81.09, 'US'),
  newYork: at('New York / New Jersey', 40.67, -74.05, 'US'),
  houston: at('Houston', 29.73, -95.02, 'US'),
  chicago: at('Chicago', 41.85, -87.65, 'US'),
  detroit: at('Detroit', 42.33, -83.05, 'US'),
  memphis: at('Memphis', 35.04, -89.98, 'US'),
  laredo: at('Laredo', 27.5, -99.5, 'US'),
  monterrey: at('Monterrey', 25.68, -100.31, 'MX'),
  vancouver: at('Vancouver', 49.29, -123.1, 'CA'),
  kamloops: at('Kamloops', 50.67, -120.33, 'CA'),
  santos: at('Santos', -23.98, -46.3, 'BR'),
  durban: at('Durban', -29.87, 31.03, 'ZA'),
  suez: at('Suez Canal', 30.58, 32.33, 'EG'),
  babElMandeb: at('Bab-el-Mandeb', 12.6, 43.3, 'YE'),
  hormuz: at('Strait of Hormuz', 26.57, 56.25, 'OM'),
  malacca: at('Strait of Malacca', 2.5, 101.2, 'MY'),
  panama: at('Panama Canal', 9.1, -79.68, 'PA'),
  dover: at('Strait of Dover', 51.0, 1.45, 'GB'),
} as const;

const BIG_PORTS = [
  PLACES.shanghai,
  PLACES.ningbo,
  PLACES.yantian,
  PLACES.singapore,
  PLACES.busan,
  PLACES.rotterdam,
  PLACES.antwerp,
  PLACES.hamburg,
  PLACES.losAngeles,
  PLACES.savannah,
  PLACES.newYork,
  PLACES.jebelAli,
];
const CUSTOMS_PLACES = [
  PLACES.rotterdam,
  PLACES.antwerp,
  PLACES.hamburg,
  PLACES.felixstowe,
  PLACES.singapore,
  PLACES.losAngeles,
  PLACES.savannah,
  PLACES.newYork,
  PLACES.jebelAli,
  PLACES.santos,
];
const SUPPLIER_PLACES = [
  PLACES.penang,
  PLACES.hsinchu,
  PLACES.dhaka,
  PLACES.hoChiMinh,
  PLACES.monterrey,
  PLACES.chongqing,
  PLACES.bangkok,
  PLACES.detroit,
];

const TYPHOONS = ['Haikui', 'Koinu', 'Saola', 'Doksuri', 'Gaemi', 'Yagi', 'Krathon', 'Kong-rey'];
const CARRIERS = [
  'Blue Anchor Line',
  'Transoceanic Container Lines',
  'Orient Gate Shipping',
  'Atlantic Crest Carriers',
  'Nordhavn Feeder Services',
];
const COMPONENTS = [
  'printed circuit board',
  'power semiconductor',
  'wire harness',
  'injection-moulded housing',
  'lithium cell',
  'machined casting',
];
const RAIL_CAUSES = [
  'a freight train derailment',
  'a signalling failure',
  'an overrunning track renewal',
  'a level-crossing collision',
];

const severities = (
  critical: number,
  high: number,
  medium: number,
  low: number,
): IncidentTemplate['severities'] => [
  ['CRITICAL', critical],
  ['HIGH', high],
  ['MEDIUM', medium],
  ['LOW', low],
];

export const INCIDENT_TEMPLATES: readonly IncidentTemplate[] = [
  {
    audience: 'ANY',
    type: 'PORT_CONGESTION',
    severities: severities(0, 4, 5, 1),
    places: BIG_PORTS,
    write: ({ place, random }) => ({
      title: `Port congestion at ${place.name}`,
      description: `Vessel waiting times at ${place.name} have risen to ${random.int(2, 7)} days as yard utilisation passes ${random.int(88, 97)}%. Carriers are warning of blank sailings on the next rotation.`,
    }),
  },
  {
    audience: 'GLOBAL',
    type: 'WEATHER',
    severities: severities(3, 2, 0, 0),
    places: [PLACES.kaohsiung, PLACES.hongKong, PLACES.yantian, PLACES.shanghai, PLACES.busan],
    write: ({ place, random }) => ({
      title: `Typhoon ${random.pick(TYPHOONS)} approaching ${place.name}`,
      description: `The typhoon is forecast to pass near ${place.name} within ${random.int(12, 48)} hours with sustained winds of ${random.int(130, 190)} km/h. Terminal operations are suspended and vessels have been ordered out of port.`,
    }),
  },
  {
    audience: 'GLOBAL',
    type: 'STRIKE',
    severities: severities(1, 4, 2, 0),
    places: [
      PLACES.antwerp,
      PLACES.rotterdam,
      PLACES.hamburg,
      PLACES.felixstowe,
      PLACES.santos,
      PLACES.losAngeles,
    ],
    write: ({ place, random }) => ({
      title: `Strike at the Port of ${place.name}`,
      description: `Dockworkers at ${place.name} have started a ${random.pick([24, 48, 72])}-hour strike over pay and automation. Container handling is halted and arriving vessels are queuing at anchor.`,
    }),
  },
  {
    audience: 'GLOBAL',
    type: 'GEOPOLITICAL',
    severities: severities(1, 4, 1, 0),
    places: [PLACES.suez],
    write: ({ random }) => ({
      title: 'Suez Canal transit delays',
      description: `Northbound transits through the Suez Canal are running ${random.int(8, 36)} hours behind schedule after a grounded bulk carrier was refloated. Convoys are being reorganised.`,
    }),
  },
  {
    audience: 'GLOBAL',
    type: 'GEOPOLITICAL',
    severities: severities(4, 1, 0, 0),
    places: [PLACES.babElMandeb],
    write: ({ random }) => ({
      title: 'Red Sea security threat: carriers divert via the Cape of Good Hope',
      description: `Attacks on merchant ships near Bab-el-Mandeb have led major carriers to suspend Red Sea transits. Diversions around the Cape of Good Hope add ${random.int(10, 14)} days to Asia–Europe voyages.`,
    }),
  },
  {
    audience: 'ORG',
    type: 'BORDER_CUSTOMS',
    severities: severities(0, 1, 4, 4),
    places: CUSTOMS_PLACES,
    write: ({ place, random, po }) => ({
      title: `Customs hold in ${place.name}`,
      description: `Customs in ${place.name} are holding container ${random.code(4, 'ABCDEFGHJKLMNPRSTUVWXYZ')}U${random.int(1_000_000, 9_999_999)} for a document check on ${po()}. Release is expected within ${random.int(2, 6)} working days.`,
    }),
  },
  {
    audience: 'ANY',
    type: 'OTHER',
    severities: severities(0, 3, 4, 1),
    places: [
      PLACES.malaszewicze,
      PLACES.duisburg,
      PLACES.chicago,
      PLACES.kamloops,
      PLACES.gotthard,
    ],
    write: ({ place, random }) => ({
      title: `Rail disruption near ${place.name}`,
      description: `Freight trains near ${place.name} are delayed by up to ${random.int(12, 72)} hours after ${random.pick(RAIL_CAUSES)}. Operators are rerouting where capacity allows.`,
    }),
  },
  {
    audience: 'GLOBAL',
    type: 'CYBER',
    severities: severities(3, 2, 0, 0),
    places: [],
    write: ({ random }) => ({
      title: `Cyberattack on ${random.pick(CARRIERS)}`,
      description: `The carrier has taken its booking and tracking systems offline after a ransomware attack. Status updates and electronic documents are delayed while terminals work manually.`,
    }),
  },
  {
    audience: 'ORG',
    type: 'SUPPLIER_FAILURE',
    severities: severities(3, 3, 1, 0),
    places: SUPPLIER_PLACES,
    write: ({ place, random, po }) => ({
      title: `Fire at ${random.pick(COMPONENTS)} supplier in ${place.name}`,
      description: `A fire has stopped production at a supplier's plant in ${place.name}. The first estimate of the outage is ${random.int(2, 8)} weeks, and ${po()} will not ship on time.`,
    }),
  },
  {
    audience: 'GLOBAL',
    type: 'WEATHER',
    severities: severities(0, 1, 4, 2),
    places: [PLACES.kaub],
    write: ({ random }) => ({
      title: 'Low water on the Rhine at Kaub',
      description: `The Kaub gauge has fallen to ${random.int(38, 78)} cm. Barges are loading at ${random.int(30, 60)}% of capacity and low-water surcharges apply from Rotterdam to Duisburg and beyond.`,
    }),
  },
  {
    audience: 'GLOBAL',
    type: 'WEATHER',
    severities: severities(1, 3, 2, 0),
    places: [PLACES.panama],
    write: ({ random }) => ({
      title: 'Panama Canal draft restrictions',
      description: `Drought has lowered Gatun Lake, so daily transits are capped at ${random.int(22, 32)} and the maximum draft at ${(random.int(120, 135) / 10).toFixed(1)} m. Expect auction premiums for unbooked slots.`,
    }),
  },
  {
    audience: 'ANY',
    type: 'OTHER',
    severities: severities(0, 1, 3, 3),
    places: [PLACES.frankfurt, PLACES.hongKong, PLACES.memphis, PLACES.chicago],
    write: ({ place, random }) => ({
      title: `Air cargo capacity shortage at ${place.name}`,
      description: `Freighter capacity out of ${place.name} is tight and spot rates are up ${random.int(12, 45)}%. Allow ${random.int(2, 5)} extra days for uplift.`,
    }),
  },
  {
    audience: 'ANY',
    type: 'BORDER_CUSTOMS',
    severities: severities(0, 3, 4, 1),
    places: [PLACES.laredo, PLACES.malaszewicze, PLACES.gotthard],
    write: ({ place, random }) => ({
      title: `Border and road delays at ${place.name}`,
      description: `Truck crossings at ${place.name} are taking ${random.int(6, 30)} hours because of extra inspections and queueing. Drivers are running out of hours on the way.`,
    }),
  },
  {
    audience: 'ANY',
    type: 'WEATHER',
    severities: severities(0, 2, 3, 2),
    places: [PLACES.chicago, PLACES.detroit, PLACES.vancouver, PLACES.hamburg],
    write: ({ place, random }) => ({
      title: `Winter storm disrupts ${place.name}`,
      description: `A winter storm with up to ${random.int(20, 60)} cm of snow has closed highways and slowed rail yards around ${place.name}. Deliveries are rescheduled by one to three days.`,
    }),
  },
  {
    audience: 'ANY',
    type: 'WEATHER',
    severities: severities(0, 0, 3, 4),
    places: [PLACES.shanghai, PLACES.houston, PLACES.dover, PLACES.busan],
    write: ({ place, random }) => ({
      title: `Dense fog suspends pilotage at ${place.name}`,
      description: `Pilotage at ${place.name} is suspended in dense fog and ${random.int(15, 60)} vessels are waiting to berth or sail.`,
    }),
  },
  {
    audience: 'ANY',
    type: 'OTHER',
    severities: severities(0, 1, 4, 3),
    places: [PLACES.santos, PLACES.singapore, PLACES.nhavaSheva, PLACES.durban],
    write: ({ place, random }) => ({
      title: `Empty container shortage in ${place.name}`,
      description: `Depots in ${place.name} are short of 40-foot high-cube containers; exporters wait ${random.int(5, 14)} days for equipment.`,
    }),
  },
  {
    audience: 'GLOBAL',
    type: 'NATURAL_HAZARD',
    severities: severities(3, 2, 1, 0),
    places: [PLACES.hsinchu, PLACES.yokohama, PLACES.kaohsiung],
    write: ({ place, random }) => ({
      title: `Magnitude ${(random.int(58, 74) / 10).toFixed(1)} earthquake near ${place.name}`,
      description: `Factories around ${place.name} stopped lines for safety checks after the earthquake. Port and airport damage assessments are under way.`,
    }),
  },
  {
    audience: 'ORG',
    type: 'OTHER',
    severities: severities(0, 1, 4, 4),
    places: BIG_PORTS,
    write: ({ place, random, po }) => ({
      title: `Vessel for ${po()} missed its window at ${place.name}`,
      description: `The vessel missed its berth window at ${place.name}. The new ETA is ${random.int(2, 9)} days later; downstream bookings need to move.`,
    }),
  },
  {
    audience: 'ANY',
    type: 'NATURAL_HAZARD',
    severities: severities(1, 3, 2, 0),
    places: [PLACES.bangkok, PLACES.chongqing, PLACES.dhaka, PLACES.hoChiMinh],
    write: ({ place }) => ({
      title: `Flooding around ${place.name}`,
      description: `Monsoon flooding has closed roads and industrial estates around ${place.name}. Several suppliers report staff unable to reach their sites.`,
    }),
  },
  {
    audience: 'GLOBAL',
    type: 'GEOPOLITICAL',
    severities: severities(1, 3, 1, 0),
    places: [PLACES.hormuz],
    write: ({ random }) => ({
      title: 'Heightened security in the Strait of Hormuz',
      description: `Security levels for vessels in the Strait of Hormuz have been raised and war-risk premiums are up ${random.int(20, 80)}%. Some carriers are adding surcharges on Gulf bookings.`,
    }),
  },
  {
    audience: 'ORG',
    type: 'QUALITY',
    severities: severities(0, 1, 3, 4),
    places: [],
    write: ({ random, po }) => ({
      title: `Quality hold on inbound lot ${random.code(6)}`,
      description: `Incoming inspection found out-of-tolerance parts on ${po()}. The lot is quarantined until the supplier's corrective action is approved.`,
    }),
  },
  {
    audience: 'ANY',
    type: 'CYBER',
    severities: severities(0, 3, 3, 0),
    places: [PLACES.antwerp, PLACES.rotterdam, PLACES.losAngeles, PLACES.piraeus],
    write: ({ place, random }) => ({
      title: `Terminal system outage at ${place.name}`,
      description: `A terminal operating system outage at ${place.name} has stopped gate transactions for ${random.int(3, 20)} hours. Trucks are being turned away until the backlog clears.`,
    }),
  },
  {
    audience: 'GLOBAL',
    type: 'OTHER',
    severities: severities(1, 3, 1, 0),
    places: [PLACES.malacca, PLACES.dover],
    write: ({ place }) => ({
      title: `Vessel collision in the ${place.name}`,
      description: `Two vessels collided in the ${place.name}; one lane of the traffic separation scheme is closed while salvage and pollution response proceed.`,
    }),
  },
  {
    audience: 'GLOBAL',
    type: 'OTHER',
    severities: severities(0, 1, 3, 2),
    places: [],
    write: ({ random }) => ({
      title: `Container spot rates up ${random.int(15, 60)}% week on week`,
      description:
        'Spot rates on Asia–Europe and transpacific lanes jumped as carriers removed capacity. Contract customers may see allocation cuts.',
    }),
  },
];
