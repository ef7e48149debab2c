import { type ChartsQuery } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';
import { incidentScope, incidentsReads } from '../incidents/incidents.reads.js';

export type InsightsScope = z.output<typeof ChartsQuery>['scope'];

/** ALL: the organization's own incidents and global ones; ORG: its own only. */
export const scopeCondition = (organizationId: string, scope: InsightsScope) =>
  incidentScope(organizationId, scope === 'ALL' ? 'GLOBAL' : 'ORG');

/** The incident, when the organization sees it (its own or a global one); else 404. */
export async function visibleIncident(db: Executor, actor: Actor, id: string) {
  const incident = await incidentsReads.findVisible(db, actor.organizationId, id);
  if (!incident) throw notFound(API_MESSAGES.insights.incidentNotFound);
  return incident;
}
