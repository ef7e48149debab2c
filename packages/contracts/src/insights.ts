import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { IncidentType } from './enums.js';
import * as API_MESSAGES from './messages/index.js';

/**
 * Insights: chart data for an organization, memos (Markdown notes on an event, with their edit
 * history) and stored PDF reports of an event.
 */

export const INSIGHTS_LIMITS = {
  memoBody: 20_000,
  reportTitle: 200,
  /** Chart windows, in days. */
  daysMin: 7,
  daysMax: 365,
  daysDefault: 90,
  /** Rows in the "top affected" lists. */
  top: 10,
} as const;

/** `GET /api/insights/charts?days=90&scope=ALL|ORG`: ALL counts global incidents too. */
export const ChartsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(INSIGHTS_LIMITS.daysMin)
    .max(INSIGHTS_LIMITS.daysMax)
    .default(INSIGHTS_LIMITS.daysDefault),
  scope: z.enum(['ALL', 'ORG']).default('ALL'),
});
export type ChartsQuery = z.input<typeof ChartsQuery>;

/** A UTC calendar day, `YYYY-MM-DD`. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const SeverityDay = z.object({
  day: Day,
  CRITICAL: z.number().int(),
  HIGH: z.number().int(),
  MEDIUM: z.number().int(),
  LOW: z.number().int(),
});
export type SeverityDay = z.infer<typeof SeverityDay>;

export const OpenResolvedDay = z.object({
  day: Day,
  /** Incidents that started that day. */
  opened: z.number().int(),
  /** Incidents resolved that day. */
  resolved: z.number().int(),
  /** Incidents open at the end of that day. */
  open: z.number().int(),
});
export type OpenResolvedDay = z.infer<typeof OpenResolvedDay>;

export const ResolveTime = z.object({
  type: IncidentType,
  /** Resolved incidents of this type in the window. */
  resolved: z.number().int(),
  /** Mean hours from start to resolution. */
  meanHours: z.number(),
});
export type ResolveTime = z.infer<typeof ResolveTime>;

export const ExposureDay = z.object({
  day: Day,
  /** Distinct sites / shipments exposed (not cleared) at some time that day. */
  sites: z.number().int(),
  shipments: z.number().int(),
});
export type ExposureDay = z.infer<typeof ExposureDay>;

export const TopSupplier = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Distinct incidents that reached it in the window. */
  incidents: z.number().int(),
  annualSpend: z.number().nullable(),
  currency: z.string().nullable(),
});
export type TopSupplier = z.infer<typeof TopSupplier>;

export const TopLane = z.object({
  /** "Origin → Destination", the shipments' place names. */
  lane: z.string(),
  origin: z.string(),
  destination: z.string(),
  /** Distinct shipments on the lane exposed in the window. */
  shipments: z.number().int(),
  incidents: z.number().int(),
});
export type TopLane = z.infer<typeof TopLane>;

export const ValueDay = z.object({
  day: Day,
  /** The value at risk of the incidents active that day, in the organization's currency. */
  amount: z.number(),
  incidents: z.number().int(),
});
export type ValueDay = z.infer<typeof ValueDay>;

export const ValueByType = z.object({
  type: IncidentType,
  /** The value at risk of the type's incidents active in the window. */
  amount: z.number(),
  incidents: z.number().int(),
});
export type ValueByType = z.infer<typeof ValueByType>;

export const ValueBySupplier = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The supplier site's part of the value at risk of the incidents active in the window. */
  amount: z.number(),
  incidents: z.number().int(),
});
export type ValueBySupplier = z.infer<typeof ValueBySupplier>;

/** Requests made to suppliers in the window: how many were answered, and how fast. */
export const ResponseCounts = z.object({
  /** Requests e-mailed (not withdrawn before an answer). */
  asked: z.number().int(),
  /** Requests with at least one answer. */
  answered: z.number().int(),
  /** Requests whose address the supplier's mail server refused. */
  bounced: z.number().int(),
  /** The median hours from the e-mail to the first answer; null until one is answered. */
  medianHoursToAnswer: z.number().nullable(),
});
export type ResponseCounts = z.infer<typeof ResponseCounts>;

export const SupplierResponses = ResponseCounts.extend({
  /** The suppliers asked most, most first (INSIGHTS_LIMITS.top). */
  suppliers: z.array(ResponseCounts.extend({ id: z.uuid(), name: z.string() })),
});
export type SupplierResponses = z.infer<typeof SupplierResponses>;

export const Charts = z.object({
  from: IsoDateTime,
  to: IsoDateTime,
  days: z.number().int(),
  incidentsBySeverity: z.array(SeverityDay),
  openVsResolved: z.array(OpenResolvedDay),
  timeToResolve: z.array(ResolveTime),
  exposureOverTime: z.array(ExposureDay),
  topSuppliers: z.array(TopSupplier),
  topLanes: z.array(TopLane),
  /** The organization's currency, in which the values at risk are counted. */
  currency: z.string(),
  valueAtRiskOverTime: z.array(ValueDay),
  valueAtRiskByType: z.array(ValueByType),
  /** The suppliers with the most value at risk, largest first (INSIGHTS_LIMITS.top). */
  valueAtRiskBySupplier: z.array(ValueBySupplier),
  /** How the suppliers asked about incidents answered (requests made in the window). */
  supplierResponses: SupplierResponses,
});
export type Charts = z.infer<typeof Charts>;

const Author = z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable();

export const MemoRevision = z.object({
  body: z.string(),
  editor: Author,
  /** When this text was replaced. */
  replacedAt: IsoDateTime,
});
export type MemoRevision = z.infer<typeof MemoRevision>;

export const Memo = z.object({
  id: z.uuid(),
  incidentId: z.uuid(),
  body: z.string(),
  author: Author,
  /** Who saved the current text last. */
  editor: Author,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** Earlier texts, newest first. */
  revisions: z.array(MemoRevision),
});
export type Memo = z.infer<typeof Memo>;

const MemoBody = z
  .string()
  .trim()
  .min(1, API_MESSAGES.insights.memoEmpty)
  .max(INSIGHTS_LIMITS.memoBody);

/** `POST /api/incidents/{id}/memos`. */
export const MemoInput = z.strictObject({ body: MemoBody });
export type MemoInput = z.infer<typeof MemoInput>;

/** `PATCH /api/memos/{id}`: `updatedAt` is the version the editor saw (409 when stale). */
export const MemoUpdate = z.strictObject({ body: MemoBody, updatedAt: IsoDateTime });
export type MemoUpdate = z.infer<typeof MemoUpdate>;

export const Report = z.object({
  id: z.uuid(),
  incidentId: z.uuid(),
  title: z.string(),
  createdBy: Author,
  createdAt: IsoDateTime,
  /** Size of the PDF, in bytes, and its page count. */
  bytes: z.number().int(),
  pages: z.number().int(),
  /** `GET` this for the PDF (`application/pdf`, as an attachment). */
  url: z.string(),
});
export type Report = z.infer<typeof Report>;

/** `POST /api/incidents/{id}/reports`: the title defaults to the incident's. */
export const ReportInput = z.strictObject({
  title: z.string().trim().min(1).max(INSIGHTS_LIMITS.reportTitle).optional(),
});
export type ReportInput = z.infer<typeof ReportInput>;

/** `GET /api/insights/exports/events.csv?scope=ALL|ORG`. */
export const ExportQuery = ChartsQuery.pick({ scope: true });
export type ExportQuery = z.input<typeof ExportQuery>;

export const ChartsResponse = z.object({ message: z.string(), data: z.object({ charts: Charts }) });
export type ChartsResponse = z.infer<typeof ChartsResponse>;
export const MemoListResponse = z.object({
  message: z.string(),
  data: z.object({ memos: z.array(Memo) }),
});
export type MemoListResponse = z.infer<typeof MemoListResponse>;
export const MemoResponse = z.object({ message: z.string(), data: z.object({ memo: Memo }) });
export type MemoResponse = z.infer<typeof MemoResponse>;
export const ReportListResponse = z.object({
  message: z.string(),
  data: z.object({ reports: z.array(Report) }),
});
export type ReportListResponse = z.infer<typeof ReportListResponse>;
export const ReportResponse = z.object({ message: z.string(), data: z.object({ report: Report }) });
export type ReportResponse = z.infer<typeof ReportResponse>;
