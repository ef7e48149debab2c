import { type Charts, type ChartsQuery, INSIGHTS_LIMITS } from '@meridian/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { type ChartWindow, chartsRepository as repository } from './charts.repository.js';
import { currencyBookOf } from '../settings/settings.reads.js';
import { scopeCondition } from './visibility.js';
import { supplierRequestsReads } from '../assessments/assessments.reads.js';
import type { ResponseCounts } from '../assessments/assessments.reads.js';

const DAY_MS = 86_400_000;

/** The charts of the Insights screen: every number counted in the database, by UTC day. */
export class ChartsService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The window ends with today (UTC) and holds `days` whole days; `to` is its exclusive end. */
  async charts(actor: Actor, query: z.output<typeof ChartsQuery>): Promise<Charts> {
    const today = Math.floor(this.now().getTime() / DAY_MS) * DAY_MS;
    const window: ChartWindow = {
      organizationId: actor.organizationId,
      from: new Date(today - (query.days - 1) * DAY_MS),
      end: new Date(today + DAY_MS),
      days: query.days,
      scope: scopeCondition(actor.organizationId, query.scope),
    };
    const incidentsBySeverity = await repository.severityByDay(this.db, window);
    const openVsResolved = await repository.openVsResolved(this.db, window);
    const timeToResolve = await repository.timeToResolve(this.db, window);
    const exposureOverTime = await repository.exposureByDay(this.db, window);
    const suppliers = await repository.topSuppliers(this.db, window, INSIGHTS_LIMITS.top);
    const lanes = await repository.topLanes(this.db, window, INSIGHTS_LIMITS.top);
    const { currency } = await currencyBookOf(this.db, actor.organizationId);
    const valueAtRiskOverTime = await repository.valueAtRiskByDay(this.db, window, currency);
    const valueAtRiskByType = await repository.valueAtRiskByType(this.db, window, currency);
    const valueAtRiskBySupplier = await repository.valueAtRiskBySupplier(
      this.db,
      window,
      currency,
      INSIGHTS_LIMITS.top,
    );
    const responses = await supplierRequestsReads.responseStats(this.db, actor.organizationId, {
      from: window.from,
      end: window.end,
      incidents: window.scope,
      limit: INSIGHTS_LIMITS.top,
    });
    const answers = ({ medianHours, ...counts }: ResponseCounts) => ({
      ...counts,
      medianHoursToAnswer: medianHours,
    });
    return {
      from: window.from.toISOString(),
      to: window.end.toISOString(),
      days: query.days,
      incidentsBySeverity,
      openVsResolved,
      timeToResolve,
      exposureOverTime,
      topSuppliers: suppliers,
      topLanes: lanes.map((lane) => ({
        lane: `${lane.origin} → ${lane.destination}`,
        ...lane,
      })),
      currency,
      valueAtRiskOverTime,
      valueAtRiskByType,
      valueAtRiskBySupplier,
      supplierResponses: {
        ...answers(responses.overall),
        suppliers: responses.sites.map(({ id, name, ...counts }) => ({
          id,
          name,
          ...answers(counts),
        })),
      },
    };
  }
}
