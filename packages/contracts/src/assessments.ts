import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { CRITICALITIES } from './roles.js';
import { ASSESSMENT_STATES } from './assessment-states.js';

export const ASSESSMENT_LIMITS = {
  notes: 2000,
  /** An expected recovery date at most this many days ahead. */
  recoveryHorizonDays: 730,
  /** Sites one bulk change sets at most. */
  bulk: 500,
} as const;

/** A calendar day, YYYY-MM-DD. */
const Day = z.iso.date({ message: 'expectedRecoveryOn must be a date (YYYY-MM-DD)' });

/** What someone says of a site: its state, capacity still available, when it is expected back. */
export const AssessmentValues = z.strictObject({
  state: z
    .enum(ASSESSMENT_STATES)
    .refine((state) => state !== 'POTENTIAL', 'state: an assessment does not go back to Potential'),
  capacityPct: z
    .number()
    .int('capacityPct must be a whole number')
    .min(0, 'capacityPct must be between 0 and 100')
    .max(100, 'capacityPct must be between 0 and 100')
    .nullable()
    .default(null),
  expectedRecoveryOn: Day.nullable().default(null),
  notes: z
    .string()
    .trim()
    .max(ASSESSMENT_LIMITS.notes, `notes may have at most ${ASSESSMENT_LIMITS.notes} characters`)
    .nullable()
    .default(null),
});
export type AssessmentValues = z.input<typeof AssessmentValues>;
export type AssessmentInput = z.output<typeof AssessmentValues>;

export const AssessmentBulk = AssessmentValues.extend({
  siteIds: z
    .array(z.uuid('siteIds must be site ids'))
    .min(1, 'siteIds: name at least one site')
    .max(ASSESSMENT_LIMITS.bulk, `siteIds: at most ${ASSESSMENT_LIMITS.bulk} sites at once`),
});
export type AssessmentBulk = z.input<typeof AssessmentBulk>;

export const SiteAssessment = z
  .object({
    siteId: z.uuid(),
    siteName: z.string(),
    criticality: z.enum(CRITICALITIES),
    /** Whether the incident reaches it now; false once it left the area or the incident ended. */
    exposedNow: z.boolean(),
    firstExposedAt: IsoDateTime,
    state: z.enum(ASSESSMENT_STATES),
    capacityPct: z.number().int().nullable(),
    expectedRecoveryOn: z.string().nullable(),
    notes: z.string().nullable(),
    /** Who set it last; null while it is Potential (nobody has). */
    setBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    reportedBySupplier: z.boolean(),
    updatedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'SiteAssessment' });
export type SiteAssessment = z.infer<typeof SiteAssessment>;

export const AssessmentListResponse = z.object({
  message: z.string(),
  data: z.object({
    /** Sites per state, every state present. */
    counts: z.record(z.enum(ASSESSMENT_STATES), z.number().int()),
    assessments: z.array(SiteAssessment),
  }),
});
export type AssessmentListResponse = z.infer<typeof AssessmentListResponse>;

export const AssessmentResponse = z.object({
  message: z.string(),
  data: z.object({ assessment: SiteAssessment }),
});
export type AssessmentResponse = z.infer<typeof AssessmentResponse>;

export const AssessmentBulkResponse = z.object({
  message: z.string(),
  data: z.object({ assessments: z.array(SiteAssessment) }),
});
export type AssessmentBulkResponse = z.infer<typeof AssessmentBulkResponse>;

/**
 * Asking the exposed sites' own contacts how they stand: a one-time link by e-mail to a public
 * page with four questions (README, "Supplier responses").
 */
export const SUPPLIER_REQUEST_LIMITS = {
  expiresInDays: { min: 1, max: 30, default: 7 },
  remindAfterDays: { min: 1, max: 14, default: 3 },
  /** Answers one link takes at most (a supplier correcting itself; not a flood). */
  answers: 20,
  /** Requests of the public page per minute from one address. */
  publicPerMinute: 30,
} as const;

/** BOUNCED: the contact's mail server refused the address; the site's e-mail needs fixing. */
export const SUPPLIER_REQUEST_STATUSES = [
  'OPEN',
  'ANSWERED',
  'EXPIRED',
  'REVOKED',
  'BOUNCED',
] as const;
export type SupplierRequestStatus = (typeof SUPPLIER_REQUEST_STATUSES)[number];

const dayCount = (name: string, limits: { min: number; max: number; default: number }) =>
  z
    .number()
    .int(`${name} must be a whole number of days`)
    .min(limits.min, `${name} must be between ${limits.min} and ${limits.max} days`)
    .max(limits.max, `${name} must be between ${limits.min} and ${limits.max} days`)
    .default(limits.default);

export const SupplierRequestCreate = z.strictObject({
  /** The sites to ask; without, every exposed site with a contact e-mail not asked already. */
  siteIds: z
    .array(z.uuid('siteIds must be site ids'))
    .min(1, 'siteIds: name at least one site')
    .max(ASSESSMENT_LIMITS.bulk, `siteIds: at most ${ASSESSMENT_LIMITS.bulk} sites at once`)
    .optional(),
  expiresInDays: dayCount('expiresInDays', SUPPLIER_REQUEST_LIMITS.expiresInDays),
  remindAfterDays: dayCount('remindAfterDays', SUPPLIER_REQUEST_LIMITS.remindAfterDays),
});
export type SupplierRequestCreate = z.input<typeof SupplierRequestCreate>;

export const SupplierRequest = z
  .object({
    id: z.uuid(),
    siteId: z.uuid(),
    siteName: z.string(),
    email: z.string(),
    status: z.enum(SUPPLIER_REQUEST_STATUSES),
    sentAt: IsoDateTime.nullable(),
    remindedAt: IsoDateTime.nullable(),
    answeredAt: IsoDateTime.nullable(),
    /** The mail server's refusal when BOUNCED ("550 5.1.1 No such user"). */
    bounceReason: z.string().nullable(),
    expiresAt: IsoDateTime,
    createdAt: IsoDateTime,
  })
  .meta({ id: 'SupplierRequest' });
export type SupplierRequest = z.infer<typeof SupplierRequest>;

export const SupplierRequestListResponse = z.object({
  message: z.string(),
  data: z.object({
    requests: z.array(SupplierRequest),
    /** Of the sites asked (the latest link of each), how many answered. */
    responseRate: z.object({ asked: z.number().int(), answered: z.number().int() }),
  }),
});
export type SupplierRequestListResponse = z.infer<typeof SupplierRequestListResponse>;

export const SupplierRequestCreateResponse = z.object({
  message: z.string(),
  data: z.object({
    requests: z.array(SupplierRequest),
    /** Exposed sites left out: no contact e-mail, or asked already with a link still open. */
    skipped: z.array(
      z.object({ siteId: z.uuid(), siteName: z.string(), reason: z.enum(['NO_EMAIL', 'OPEN']) }),
    ),
  }),
});
export type SupplierRequestCreateResponse = z.infer<typeof SupplierRequestCreateResponse>;

/** The one-time link's token, as the public routes take it. */
export const SupplierTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'token: not a link of Meridian'),
});

/** What a supplier answers: four questions. */
export const SupplierAnswer = z.strictObject({
  affected: z.boolean({ message: 'affected: say whether the site is affected' }),
  capacityPct: AssessmentValues.shape.capacityPct,
  expectedRecoveryOn: AssessmentValues.shape.expectedRecoveryOn,
  notes: AssessmentValues.shape.notes,
});
export type SupplierAnswer = z.input<typeof SupplierAnswer>;

/** What the public page shows: the incident in plain words, the site, the answer so far. */
export const SupplierRequestView = z
  .object({
    organizationName: z.string(),
    incident: z.object({
      title: z.string(),
      countryCode: z.string().nullable(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
      startsAt: IsoDateTime,
      endsAt: IsoDateTime.nullable(),
    }),
    site: z.object({ name: z.string(), city: z.string().nullable() }),
    expiresAt: IsoDateTime,
    answer: z
      .object({
        affected: z.boolean(),
        capacityPct: z.number().int().nullable(),
        expectedRecoveryOn: z.string().nullable(),
        notes: z.string().nullable(),
        answeredAt: IsoDateTime,
      })
      .nullable(),
  })
  .meta({ id: 'SupplierRequestView' });
export type SupplierRequestView = z.infer<typeof SupplierRequestView>;

export const SupplierRequestViewResponse = z.object({
  message: z.string(),
  data: SupplierRequestView,
});
export type SupplierRequestViewResponse = z.infer<typeof SupplierRequestViewResponse>;

/** How a site stood in each incident that reached it and was assessed, newest change first. */
export const SiteAssessmentHistoryItem = z
  .object({
    incidentId: z.uuid(),
    incidentTitle: z.string(),
    incidentResolved: z.boolean(),
    state: z.enum(ASSESSMENT_STATES),
    capacityPct: z.number().int().nullable(),
    expectedRecoveryOn: z.string().nullable(),
    notes: z.string().nullable(),
    setBy: z.string().nullable(),
    reportedBySupplier: z.boolean(),
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'SiteAssessmentHistoryItem' });
export type SiteAssessmentHistoryItem = z.infer<typeof SiteAssessmentHistoryItem>;

export const SiteAssessmentHistoryResponse = z.object({
  message: z.string(),
  data: z.object({ assessments: z.array(SiteAssessmentHistoryItem) }),
});
export type SiteAssessmentHistoryResponse = z.infer<typeof SiteAssessmentHistoryResponse>;
