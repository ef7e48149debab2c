import { type ChartsQuery } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import {
  incidentScope,
  visibleIncident as visibleIncidentOf,
} from '../incidents/incidents.reads.js';

export type InsightsScope = z.output<typeof ChartsQuery>['scope'];

/** ALL: the organization's own incidents and global ones; ORG: its own only. */
export const scopeCondition = (organizationId: string, scope: InsightsScope) =>
  incidentScope(organizationId, scope === 'ALL' ? 'GLOBAL' : 'ORG');

/** The incident, when the organization sees it (its own or a global one); else 404. */
export const visibleIncident = (db: Executor, actor: Actor, id: string) =>
  visibleIncidentOf(db, actor.organizationId, id, API_MESSAGES.insights.incidentNotFound);
