import { type FusionRules, type Hazard, SEVERITY_RANK, type Severity } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { haversineKm } from '../../lib/geo/sphere.js';
import type { IncidentRow } from '../incidents/incidents.reads.js';
import type { FeedEvent } from './connectors/types.js';
import { feedReportsRepository as reports } from './feed-reports.repository.js';

/** The higher of two severities. */
export const higher = (a: Severity, b: Severity): Severity =>
  SEVERITY_RANK[a] >= SEVERITY_RANK[b] ? a : b;

/**
 * The highest severity of the reports still live (not over), starting from `floor`; null when
 * there is neither.
 */
export function highestLive(
  reports: readonly { severity: Severity; over: boolean }[],
  floor: Severity | null = null,
): Severity | null {
  let highest = floor;
  for (const report of reports) {
    if (!report.over) highest = highest ? higher(highest, report.severity) : report.severity;
  }
  return highest;
}

/** A new event that may be one another feed reported: its hazard has a rule, and it a place. */
type Fusible = FeedEvent & { hazard: Hazard; lat: number; lng: number };
const fusible = (event: FeedEvent, rules: FusionRules): event is Fusible =>
  !!event.hazard && !!rules[event.hazard] && event.lat !== null && event.lng !== null;

/**
 * The open global incidents that a document's new events may be, read once per document: for
 * each hazard, the incidents with a report of it from another feed, by start time.
 */
export class FusionCandidates {
  private constructor(
    private readonly rules: FusionRules,
    private readonly byHazard: Map<Hazard, IncidentRow[]>,
    /** Incidents this document's feed has joined since: a feed's two events stay two. */
    private readonly taken = new Set<string>(),
  ) {}

  static readonly none = new FusionCandidates({}, new Map());

  /** Reads the candidates of `events` (the document's new ones, with their starts). */
  static async load(
    db: Executor,
    source: string,
    events: { event: FeedEvent; startsAt: Date }[],
    rules: FusionRules,
  ): Promise<FusionCandidates> {
    const wanted = events.filter(({ event }) => fusible(event, rules));
    if (wanted.length === 0) return FusionCandidates.none;
    let from = Infinity;
    let to = -Infinity;
    const hazards = new Set<Hazard>();
    for (const { event, startsAt } of wanted) {
      const window = (rules[event.hazard as Hazard]?.minutes ?? 0) * 60_000;
      from = Math.min(from, startsAt.getTime() - window);
      to = Math.max(to, startsAt.getTime() + window);
      hazards.add(event.hazard as Hazard);
    }
    const found = await reports.candidates(db, {
      source,
      hazards: [...hazards],
      from: new Date(from),
      to: new Date(to),
    });
    const byHazard = new Map<Hazard, IncidentRow[]>();
    for (const { incident, hazard } of found) {
      byHazard.set(hazard, [...(byHazard.get(hazard) ?? []), incident]);
    }
    for (const list of byHazard.values()) {
      list.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    }
    return new FusionCandidates(rules, byHazard);
  }

  /**
   * The incident the event reports too, if any: the same type and hazard, starting within the
   * hazard's window and placed within its distance (FusionRules); of several, the nearest in
   * time and place together (each as a share of its limit). An event without a hazard, a place
   * or a rule for its hazard is its own.
   */
  match(event: FeedEvent, startsAt: Date): IncidentRow | null {
    if (!fusible(event, this.rules)) return null;
    const rule = this.rules[event.hazard];
    const list = this.byHazard.get(event.hazard);
    if (!rule || !list) return null;
    const windowMs = rule.minutes * 60_000;
    const at = startsAt.getTime();
    let best: { incident: IncidentRow; score: number } | null = null;
    for (let i = firstFrom(list, at - windowMs); i < list.length; i += 1) {
      const incident = list[i] as IncidentRow;
      const apart = incident.startsAt.getTime() - at;
      if (apart > windowMs) break;
      if (incident.type !== event.type || this.taken.has(incident.id)) continue;
      if (incident.lat === null || incident.lng === null) continue;
      const km = haversineKm([event.lng, event.lat], [incident.lng, incident.lat]);
      if (km > rule.km) continue;
      const score = km / rule.km + (windowMs > 0 ? Math.abs(apart) / windowMs : 0);
      if (!best || score < best.score) best = { incident, score };
    }
    return best?.incident ?? null;
  }

  /** The feed has now reported this incident: its other events do not join it. */
  take(incidentId: string): void {
    this.taken.add(incidentId);
  }
}

/** The first incident of a list sorted by start that starts at `ms` or later. */
function firstFrom(list: IncidentRow[], ms: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((list[middle] as IncidentRow).startsAt.getTime() < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}
