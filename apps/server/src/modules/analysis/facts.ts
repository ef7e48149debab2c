import type {
  Criticality,
  ExposureState,
  IncidentStatus,
  IncidentType,
  Plan,
  PlanAction,
  Severity,
  ShipmentMode,
  ShipmentStatus,
  SiteKind,
} from '@meridian/contracts';

/** The records an analysis may cite: one organization's facts about an event, each with its `[n]`. */
/** `[n]` of a record in the answer. */
export type Ref = number;

export type IncidentFacts = {
  ref: Ref;
  id: string;
  title: string;
  description: string | null;
  type: IncidentType;
  severity: Severity;
  status: IncidentStatus;
  startsAt: Date;
  endsAt: Date | null;
  resolvedAt: Date | null;
  place: string | null;
  affectedRadiusKm: number;
  source: string;
};
export type TimelineFact = { ref: Ref; id: string; at: Date; text: string };
export type SiteFact = {
  ref: Ref;
  id: string;
  name: string;
  kind: SiteKind;
  criticality: Criticality;
  tier: number | null;
  annualSpend: number | null;
  currency: string | null;
  place: string | null;
  distanceKm: number;
  state: ExposureState;
};
export type ShipmentFact = {
  ref: Ref;
  id: string;
  reference: string;
  mode: ShipmentMode;
  origin: string;
  destination: string;
  status: ShipmentStatus;
  carrier: string | null;
  eta: Date | null;
  via: 'LOCATION' | 'POSITION' | 'ROUTE';
  distanceKm: number;
};
export type ActionFact = { ref: Ref; action: PlanAction };
export type PlanFact = { ref: Ref; plan: Plan; actions: ActionFact[] };
export type MemoFact = {
  ref: Ref;
  id: string;
  body: string;
  author: string | null;
  updatedAt: Date;
};
export type ComparableFact = {
  ref: Ref;
  id: string;
  title: string;
  severity: Severity;
  startsAt: Date;
  resolvedAt: Date;
  hoursToResolve: number;
  place: string | null;
  distanceKm: number | null;
};
