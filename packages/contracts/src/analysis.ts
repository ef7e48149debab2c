import { z } from 'zod';
import { IsoDateTime } from './common.js';
import * as API_MESSAGES from './messages/index.js';

/**
 * The analysis assistant: a question about one event, answered from Meridian's own data for
 * that organization — by an OpenAI-compatible model when one is configured, else by the
 * built-in analyst — with the records it used cited.
 */

export const ANALYSIS_LIMITS = { question: 1000 } as const;

export const ANALYSIS_ENGINES = ['BUILT_IN', 'LLM'] as const;
export type AnalysisEngine = (typeof ANALYSIS_ENGINES)[number];

export const CITATION_KINDS = [
  'INCIDENT',
  'TIMELINE',
  'SITE',
  'SHIPMENT',
  'PLAN',
  'ACTION',
  'MEMO',
] as const;
export type CitationKind = (typeof CITATION_KINDS)[number];

/** A record the answer used: `[n]` in the answer refers to the n-th citation (1-based). */
export const Citation = z.object({
  kind: z.enum(CITATION_KINDS),
  id: z.string(),
  label: z.string(),
  /** The page of Meridian that shows it. */
  href: z.string(),
});
export type Citation = z.infer<typeof Citation>;

export const Analysis = z.object({
  id: z.uuid(),
  incidentId: z.uuid(),
  question: z.string(),
  /** Markdown. */
  answer: z.string(),
  engine: z.enum(ANALYSIS_ENGINES),
  /** The model's name for LLM answers. */
  model: z.string().nullable(),
  status: z.enum(['COMPLETE', 'FAILED']),
  /** Why a FAILED analysis failed, in words for the user. */
  error: z.string().nullable(),
  citations: z.array(Citation),
  askedBy: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  createdAt: IsoDateTime,
});
export type Analysis = z.infer<typeof Analysis>;

/**
 * `POST /api/incidents/{id}/analyses`. With `Accept: text/event-stream` the answer streams as
 * server-sent events: `event: delta` (`{"text": "…"}`) as it is written, then one
 * `event: done` with the stored Analysis (or `event: error` with `{message}` — the failed
 * analysis is stored too). Otherwise 201 `{message, data: {analysis}}`.
 */
export const AnalysisInput = z.strictObject({
  question: z.string().trim().min(1, API_MESSAGES.analysis.empty).max(ANALYSIS_LIMITS.question),
});
export type AnalysisInput = z.infer<typeof AnalysisInput>;

export const AnalysisListResponse = z.object({
  message: z.string(),
  data: z.object({ analyses: z.array(Analysis) }),
});
export type AnalysisListResponse = z.infer<typeof AnalysisListResponse>;
export const AnalysisResponse = z.object({
  message: z.string(),
  data: z.object({ analysis: Analysis }),
});
export type AnalysisResponse = z.infer<typeof AnalysisResponse>;
