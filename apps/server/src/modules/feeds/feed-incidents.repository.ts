import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { chunks } from '../../db/chunks.js';
import type { Executor } from '../../db/client.js';
import { incidentEvents, incidents } from '../../db/schema.js';
import {
  type IncidentRow,
  type NewIncident,
  type NewIncidentEvent,
} from '../incidents/incidents.reads.js';

/** The global incidents the feeds write, by their feed identity. */
export const feedIncidents = {
  async findBySourceIds(db: Executor, source: string, sourceIds: string[]): Promise<IncidentRow[]> {
    const found: IncidentRow[] = [];
    for (const part of chunks(sourceIds)) {
      found.push(
        ...(await db
          .select()
          .from(incidents)
          .where(and(eq(incidents.source, source), inArray(incidents.sourceId, part)))),
      );
    }
    return found;
  },

  /**
   * Per incident, the fields people have changed on it (`status` when a person moved it):
   * what a feed must not overwrite.
   */
  async fieldsEditedByPeople(db: Executor, ids: string[]): Promise<Map<string, Set<string>>> {
    const edited = new Map<string, Set<string>>();
    for (const part of chunks(ids)) {
      const rows = await db
        .select({ incidentId: incidentEvents.incidentId, changes: incidentEvents.changes })
        .from(incidentEvents)
        .where(
          and(
            inArray(incidentEvents.incidentId, part),
            isNotNull(incidentEvents.actorUserId),
            inArray(incidentEvents.kind, ['UPDATED', 'STATUS']),
          ),
        );
      for (const row of rows) {
        const fields = edited.get(row.incidentId) ?? new Set<string>();
        for (const change of row.changes ?? []) fields.add(change.field);
        edited.set(row.incidentId, fields);
      }
    }
    return edited;
  },

  async insertMany(db: Executor, rows: NewIncident[]): Promise<IncidentRow[]> {
    const inserted: IncidentRow[] = [];
    for (const part of chunks(rows, 500)) {
      inserted.push(...(await db.insert(incidents).values(part).onConflictDoNothing().returning()));
    }
    return inserted;
  },

  async update(db: Executor, id: string, values: Partial<NewIncident>): Promise<void> {
    await db
      .update(incidents)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(incidents.id, id));
  },

  async insertEvents(db: Executor, rows: NewIncidentEvent[]): Promise<void> {
    for (const part of chunks(rows, 2000)) await db.insert(incidentEvents).values(part);
  },
};
