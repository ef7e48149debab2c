import type {
  ExposedRoutesResponse,
  ExposureSummaryResponse,
  IncidentExposureResponse,
  Scope,
} from '@meridian/contracts';
import { isInReach } from '@meridian/contracts';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { routeAheadOf } from './exposure.index.js';
import { incidentsReads } from '../incidents/incidents.reads.js';
import { toShipmentDetail } from '../shipments/shipments.mapper.js';
import { toSiteDto } from '../sites/sites.mapper.js';
import { countedRows, exposureReads, valueAtRiskOfRows } from './exposure.reads.js';
import { toExposureFacts, toExposurePeak } from './exposure.mapper.js';
import { currencyBookOf } from '../settings/settings.reads.js';
import { assessmentsReads } from '../assessments/assessments.reads.js';
import { siteAttention } from './assessed-sites.js';

/** A map draws this many routes at most; more would hide the map under lines. */
const EXPOSED_ROUTES_MAX = 1000;

/** What an organization sees of the exposure engine's results: its own items only. */
export class ExposureService {
  constructor(private readonly db: Database) {}

  async ofIncident(
    actor: Actor,
    incidentId: string,
    withCleared: boolean,
  ): Promise<IncidentExposureResponse['data']> {
    const incident = await incidentsReads.findVisible(this.db, actor.organizationId, incidentId);
    if (!incident) throw notFound(API_MESSAGES.incident.notFound);
    // Everything it reached, cleared or not: the value at risk is of what is in reach, or,
    // when nothing is, of what it reached while active, whichever list the caller asked for.
    const [siteRows, shipmentRows, peak, book, impacts] = [
      await exposureReads.sitesOf(this.db, incidentId, actor.organizationId, true),
      await exposureReads.shipmentsOf(this.db, incidentId, actor.organizationId, true),
      await exposureReads.peakOf(this.db, incidentId, actor.organizationId),
      await currencyBookOf(this.db, actor.organizationId),
      await exposureReads.impactsOf(this.db, actor.organizationId, [incidentId]),
    ];
    const counted = countedRows(siteRows, shipmentRows);
    const live = <Row extends { exposure: { state: string } }>(rows: Row[]) =>
      rows.filter((row) => isInReach(row.exposure));
    return {
      sites: (withCleared ? siteRows : live(siteRows)).map(({ exposure, site }) => ({
        site: toSiteDto(site),
        ...toExposureFacts(exposure),
      })),
      shipments: (withCleared ? shipmentRows : live(shipmentRows)).map(
        ({ exposure, shipment }) => ({
          shipment: toShipmentDetail(shipment),
          ...toExposureFacts(exposure),
        }),
      ),
      peak: toExposurePeak(peak),
      valueAtRisk: await valueAtRiskOfRows(
        this.db,
        actor.organizationId,
        incident,
        counted,
        book,
        counted.basis,
      ),
      impact: impacts.get(incidentId) ?? null,
    };
  }

  /** The routes still ahead of the exposed shipments, for the map. */
  async exposedRoutes(actor: Actor, scope: Scope): Promise<ExposedRoutesResponse['data']> {
    const rows = await exposureReads.exposedShipments(
      this.db,
      actor.organizationId,
      scope === 'ORG',
      EXPOSED_ROUTES_MAX,
    );
    const now = new Date();
    return rows.map((row) => ({
      id: row.id,
      route: routeAheadOf(row, now).map(([lng, lat]): [number, number] => [lng, lat]),
    }));
  }

  async summary(actor: Actor, scope: Scope): Promise<ExposureSummaryResponse['data']> {
    const rows = await exposureReads.summary(this.db, actor.organizationId);
    // ORG: only the organization's own incidents; GLOBAL: global ones too.
    const shown =
      scope === 'GLOBAL'
        ? rows
        : await incidentsReads
            .idsOf(
              this.db,
              actor.organizationId,
              rows.map((row) => row.incidentId),
            )
            .then((own) => rows.filter((row) => own.includes(row.incidentId)));
    const targets = await exposureReads.exposedTargets(
      this.db,
      actor.organizationId,
      scope === 'ORG',
    );
    const reached = await exposureReads.exposedSitesByIncident(
      this.db,
      actor.organizationId,
      scope === 'ORG',
    );
    const assessed = await assessmentsReads.statesIn(this.db, actor.organizationId, [
      ...new Set(reached.map((row) => row.incidentId)),
    ]);
    return {
      incidents: shown,
      exposedSiteIds: targets.filter((target) => target.kind === 'SITE').map((target) => target.id),
      exposedShipmentIds: targets
        .filter((target) => target.kind === 'SHIPMENT')
        .map((target) => target.id),
      siteAssessments: siteAttention(reached, assessed),
    };
  }
}
