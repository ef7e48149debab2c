import { z } from 'zod';
import { CurrencyCode, Cursor, IsoDateTime } from './common.js';
import { Shipment } from './atlas.js';
import { IMPORT_LIMITS } from './constants.js';
import { SHIPMENT_MODES, SHIPMENT_STATUSES } from './roles.js';
import { SITE_LIMITS, duplicateKeyIssues } from './sites.js';

export const ShipmentMode = z.enum(SHIPMENT_MODES);
export type ShipmentMode = z.infer<typeof ShipmentMode>;
export const ShipmentStatus = z.enum(SHIPMENT_STATUSES);
export type ShipmentStatus = z.infer<typeof ShipmentStatus>;

/** Shipment ids are opaque text (the demo's are SHP-…, the API's UUIDs). */
export const ShipmentIdParams = z.object({
  id: z.string().min(1, 'id is required').max(100, 'id is too long'),
});

export const SHIPMENT_LIMITS = {
  reference: 100,
  waypoints: 500,
  bulk: IMPORT_LIMITS.rows,
  sites: 50,
  pageMax: 200,
  pageDefault: 50,
} as const;

const Point = z.strictObject({
  lat: z
    .number()
    .min(-90, 'lat must be between -90 and 90')
    .max(90, 'lat must be between -90 and 90'),
  lng: z
    .number()
    .min(-180, 'lng must be between -180 and 180')
    .max(180, 'lng must be between -180 and 180'),
});

/**
 * An end of a route: a UN/LOCODE (ports, airports: "NLRTM"), a place the gazetteer finds
 * ("Rotterdam, Netherlands"), or coordinates; the name is what people read.
 */
export const PlaceInput = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    locode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'locode must be a UN/LOCODE such as NLRTM')
      .optional(),
    lat: Point.shape.lat.optional(),
    lng: Point.shape.lng.optional(),
  })
  .refine(
    (place) => place.name || place.locode || (place.lat !== undefined && place.lng !== undefined),
    {
      message: 'a place needs a name, a locode or lat and lng',
    },
  )
  .refine((place) => (place.lat === undefined) === (place.lng === undefined), {
    message: 'lat and lng go together',
  });
export type PlaceInput = z.input<typeof PlaceInput>;

export const Place = z.object({
  name: z.string(),
  locode: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof Place>;

/** A report's time may run ahead of ours by this much (clocks differ), not more. */
const POSITION_CLOCK_SKEW_MS = 5 * 60_000;

/** A position's time goes with a position, and is not in the future. */
function checkPositionTime(
  input: { currentPosition?: unknown; positionAt?: string | null | undefined },
  context: z.RefinementCtx,
) {
  if (!input.positionAt) return;
  if (!input.currentPosition) {
    context.addIssue({
      code: 'custom',
      message: 'positionAt goes with currentPosition',
      path: ['positionAt'],
    });
  } else if (Date.parse(input.positionAt) > Date.now() + POSITION_CLOCK_SKEW_MS) {
    context.addIssue({
      code: 'custom',
      message: 'positionAt cannot be in the future',
      path: ['positionAt'],
    });
  }
}

/** A cargo value is in a currency, given with it (on an update too: a value alone is refused). */
function checkCargo(
  input: { cargoValue?: number | null | undefined; cargoCurrency?: string | null | undefined },
  context: z.RefinementCtx,
) {
  if (typeof input.cargoValue === 'number' && !input.cargoCurrency) {
    context.addIssue({
      code: 'custom',
      message: 'cargoCurrency goes with cargoValue',
      path: ['cargoCurrency'],
    });
  }
}

export const ShipmentInput = z
  .strictObject({
    reference: z.string().trim().min(1, 'reference is required').max(SHIPMENT_LIMITS.reference),
    mode: ShipmentMode,
    carrier: z.string().trim().max(100).nullable().optional(),
    /** What the goods on board are worth, in `cargoCurrency`, which it needs. */
    cargoValue: z.number().nonnegative().max(1e13).nullable().optional(),
    cargoCurrency: CurrencyCode.nullable().optional(),
    /** IN_TRANSIT when a new shipment does not say. */
    status: ShipmentStatus.optional(),
    origin: PlaceInput,
    destination: PlaceInput,
    departureAt: IsoDateTime.nullable().optional(),
    eta: IsoDateTime.nullable().optional(),
    /** Where it is now; the origin until a position is reported. */
    currentPosition: Point.nullable().optional(),
    /** When `currentPosition` was reported (a tracking system's time); now when not given. */
    positionAt: IsoDateTime.nullable().optional(),
    /** The route between origin and destination, [lng, lat] (sea and road); air flies great circles. */
    waypoints: z
      .array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]))
      .max(SHIPMENT_LIMITS.waypoints)
      .optional(),
    /** The organization's sites (suppliers) this shipment comes from or goes to. */
    siteIds: z.array(z.uuid()).max(SHIPMENT_LIMITS.sites).optional(),
    /** The same by the sites' externalRef (as an import names them); added to siteIds. */
    siteRefs: z
      .array(z.string().trim().min(1).max(SITE_LIMITS.externalRef))
      .max(SHIPMENT_LIMITS.sites)
      .optional(),
  })
  .refine(
    (input) =>
      !input.departureAt || !input.eta || Date.parse(input.eta) >= Date.parse(input.departureAt),
    {
      message: 'eta must not be before departureAt',
      path: ['eta'],
    },
  )
  .superRefine(checkPositionTime)
  .superRefine(checkCargo);
export type ShipmentInput = z.input<typeof ShipmentInput>;
export type ShipmentValues = z.output<typeof ShipmentInput>;

export const ShipmentUpdate = z
  .strictObject({
    carrier: z.string().trim().max(100).nullable().optional(),
    cargoValue: ShipmentInput.shape.cargoValue,
    cargoCurrency: ShipmentInput.shape.cargoCurrency,
    status: ShipmentStatus.optional(),
    eta: IsoDateTime.nullable().optional(),
    currentPosition: Point.optional(),
    positionAt: IsoDateTime.optional(),
    waypoints: ShipmentInput.shape.waypoints,
    siteIds: ShipmentInput.shape.siteIds,
    siteRefs: ShipmentInput.shape.siteRefs,
  })
  .superRefine(checkPositionTime)
  .superRefine(checkCargo);
export type ShipmentUpdate = z.input<typeof ShipmentUpdate>;
export type ShipmentUpdateValues = z.output<typeof ShipmentUpdate>;

/** A shipment with its whole route, for its card and the exposure list. */
export const ShipmentDetail = Shipment.extend({
  carrier: z.string().nullable(),
  cargoValue: z.number().nullable(),
  cargoCurrency: z.string().nullable(),
  status: ShipmentStatus,
  originPlace: Place.nullable(),
  destinationPlace: Place.nullable(),
  departureAt: IsoDateTime.nullable(),
  eta: IsoDateTime.nullable(),
  /** When `currentPosition` was given (reported, imported, or its departure from the origin). */
  positionAt: IsoDateTime,
  /**
   * Where it is estimated to be now: `currentPosition` advanced at an even pace along its route
   * to arrive at its ETA. Null while it stays where it was given (not left yet, no ETA, delivered).
   */
  estimatedPosition: Point.nullable(),
  /** The line it follows, [lng, lat]: given waypoints, a great circle for air, else origin → now → destination. */
  route: z.array(z.tuple([z.number(), z.number()])),
  siteIds: z.array(z.uuid()),
}).meta({ id: 'ShipmentDetail' });
export type ShipmentDetail = z.infer<typeof ShipmentDetail>;

export const ShipmentResponse = z.object({
  message: z.string(),
  data: z.object({ shipment: ShipmentDetail }),
});
export type ShipmentResponse = z.infer<typeof ShipmentResponse>;
/** Up to SHIPMENT_LIMITS.bulk shipments at once; a known reference updates its shipment. */
export const ShipmentBulk = z
  .strictObject({ shipments: z.array(ShipmentInput).min(1).max(SHIPMENT_LIMITS.bulk) })
  .superRefine(({ shipments }, context) => {
    for (const issue of duplicateKeyIssues(shipments.map((shipment) => shipment.reference))) {
      context.addIssue({
        code: 'custom',
        path: ['shipments', issue.index, 'reference'],
        message: `reference "${issue.key}" is also in shipments.${issue.firstIndex}`,
      });
    }
  });

export const ShipmentListQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SHIPMENT_LIMITS.pageMax)
    .default(SHIPMENT_LIMITS.pageDefault),
  cursor: Cursor.optional(),
  /** Part of the reference, carrier, origin or destination. */
  q: z.string().trim().max(200).optional(),
  status: ShipmentStatus.optional(),
  mode: ShipmentMode.optional(),
});
export type ShipmentListQuery = z.output<typeof ShipmentListQuery>;

/** One page of the organization's shipments, by reference, with the total the filters match. */
export const ShipmentPageResponse = z.object({
  message: z.string(),
  data: z.object({
    shipments: z.array(ShipmentDetail),
    nextCursor: z.string().nullable(),
    total: z.number().int(),
  }),
});
export type ShipmentPageResponse = z.infer<typeof ShipmentPageResponse>;
