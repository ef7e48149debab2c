import type { Analysis } from '@meridian/contracts';
import { personOf } from '../plans/plans.mapper.js';
import { type PersonRow } from '../plans/plans.reads.js';
import type { AnalysisRow } from './analysis.repository.js';

export const toAnalysisDto = (row: AnalysisRow, asker: PersonRow | null): Analysis => ({
  id: row.id,
  incidentId: row.incidentId,
  question: row.question,
  answer: row.answer,
  engine: row.engine,
  model: row.model,
  status: row.status,
  error: row.error,
  citations: row.citations,
  askedBy: personOf(asker ?? undefined),
  createdAt: row.createdAt.toISOString(),
});
