import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { exposureReads } from '../exposure/exposure.reads.js';
import { type CsvValue, csvDocument } from './csv.js';
import { CSV_TYPE, type Download, dayOf, slugOf } from './downloads.js';
import { exportsRepository } from './exports.repository.js';
import { type InsightsScope, scopeCondition, visibleIncident } from './visibility.js';

const EVENT_HEADER = [
  'id',
  'title',
  'type',
  'severity',
  'status',
  'source',
  'startsAt',
  'resolvedAt',
  'lat',
  'lng',
  'country',
  'exposedSites',
  'exposedShipments',
  'peakSites',
  'peakShipments',
];

const EXPOSURE_HEADER = [
  'targetKind',
  'name',
  'reference',
  'via',
  'distanceKm',
  'state',
  'firstSeenAt',
  'lastChangedAt',
  'firstExposedAt',
  'clearedAt',
  'siteKind',
  'criticality',
  'city',
  'country',
  'annualSpend',
  'revenuePerDay',
  'recoveryDays',
  'currency',
  'mode',
  'shipmentStatus',
  'origin',
  'destination',
  'carrier',
  'eta',
  'cargoValue',
  'cargoCurrency',
];

const km = (value: number) => Math.round(value * 10) / 10;

/** CSV files of the organization's data, built in memory (10,000 incidents are ~2 MB). */
export class ExportsService {
  constructor(private readonly db: Database) {}

  async events(actor: Actor, scope: InsightsScope): Promise<Download> {
    const rows = await exportsRepository.events(
      this.db,
      actor.organizationId,
      scopeCondition(actor.organizationId, scope),
    );
    const body = csvDocument(
      EVENT_HEADER,
      rows.map(({ incident, sites, shipments, peakSites, peakShipments }): CsvValue[] => [
        incident.id,
        incident.title,
        incident.type,
        incident.severity,
        incident.status,
        incident.source,
        incident.startsAt,
        incident.resolvedAt,
        incident.lat,
        incident.lng,
        incident.countryCode,
        sites,
        shipments,
        peakSites,
        peakShipments,
      ]),
    );
    return {
      filename: `meridian-events-${scope.toLowerCase()}-${dayOf(new Date())}.csv`,
      contentType: CSV_TYPE,
      body,
    };
  }

  /** Each site and shipment the incident reaches or reached, nearest first, sites first. */
  async exposure(actor: Actor, incidentId: string): Promise<Download> {
    const incident = await visibleIncident(this.db, actor, incidentId);
    const siteRows = await exposureReads.sitesOf(this.db, incidentId, actor.organizationId, true);
    const shipmentRows = await exposureReads.shipmentsOf(
      this.db,
      incidentId,
      actor.organizationId,
      true,
    );
    const facts = (exposure: (typeof siteRows)[number]['exposure']): CsvValue[] => [
      exposure.via,
      km(exposure.distanceKm),
      exposure.state,
      exposure.firstSeenAt,
      exposure.lastChangedAt,
      exposure.firstExposedAt,
      exposure.clearedAt,
    ];
    const body = csvDocument(EXPOSURE_HEADER, [
      ...siteRows.map(({ exposure, site }): CsvValue[] => [
        'SITE',
        site.name,
        site.externalRef,
        ...facts(exposure),
        site.kind,
        site.criticality,
        site.city,
        site.countryCode,
        site.annualSpend,
        site.revenuePerDay,
        site.recoveryDays,
        site.currency,
        ...[null, null, null, null, null, null, null, null],
      ]),
      ...shipmentRows.map(({ exposure, shipment }): CsvValue[] => [
        'SHIPMENT',
        shipment.reference,
        shipment.id,
        ...facts(exposure),
        ...[null, null, null, null, null, null, null, null],
        shipment.mode,
        shipment.status,
        shipment.origin,
        shipment.destination,
        shipment.carrier,
        shipment.eta,
        shipment.cargoValue,
        shipment.cargoCurrency,
      ]),
    ]);
    return {
      filename: `${slugOf(incident.title, 'incident')}-exposure.csv`,
      contentType: CSV_TYPE,
      body,
    };
  }
}
