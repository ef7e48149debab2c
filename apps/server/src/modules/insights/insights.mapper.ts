import type { Memo, Report } from '@meridian/contracts';
import { personOf } from '../plans/plans.mapper.js';
import { type PersonRow } from '../plans/plans.reads.js';
import type { MemoRevisionRow, MemoRow } from './memos.repository.js';
import type { ReportListRow } from './reports.repository.js';

type People = ReadonlyMap<string, PersonRow>;

const person = (people: People, id: string | null) => personOf(id ? people.get(id) : undefined);

export const toMemoDto = (
  row: MemoRow,
  revisions: readonly MemoRevisionRow[],
  people: People,
): Memo => ({
  id: row.id,
  incidentId: row.incidentId,
  body: row.body,
  author: person(people, row.authorId),
  editor: person(people, row.editorId),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  revisions: revisions.map((revision) => ({
    body: revision.body,
    editor: person(people, revision.editorId),
    replacedAt: revision.replacedAt.toISOString(),
  })),
});

/** Where a report's PDF is read. */
export const reportPdfPath = (id: string) => `/api/reports/${id}/pdf`;

export const toReportDto = (row: ReportListRow, people: People): Report => ({
  id: row.id,
  incidentId: row.incidentId,
  title: row.title,
  createdBy: person(people, row.createdBy),
  createdAt: row.createdAt.toISOString(),
  bytes: row.bytes,
  pages: row.pages,
  url: reportPdfPath(row.id),
});
