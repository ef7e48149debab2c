import { describe, expect, it } from 'vitest';
import { type AlertKind, alertRoute, alertWanted } from './alerts.js';
import { SEVERITIES } from './roles.js';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from './settings.js';

const settings = (changes: Partial<NotificationSettings>): NotificationSettings => ({
  ...DEFAULT_NOTIFICATION_SETTINGS,
  ...changes,
});

describe('who an alert reaches', () => {
  // Severity 1 = CRITICAL only, 2 = HIGH and above, 3 = MEDIUM and above, All = everything.
  const expected: Record<NotificationSettings['severity'], string[]> = {
    'Severity 1': ['CRITICAL'],
    'Severity 2': ['CRITICAL', 'HIGH'],
    'Severity 3': ['CRITICAL', 'HIGH', 'MEDIUM'],
    All: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'],
  };
  for (const [threshold, reached] of Object.entries(expected)) {
    it(`${threshold}: ${reached.join(', ')}`, () => {
      const wanted = SEVERITIES.filter((severity) =>
        alertWanted(settings({ severity: threshold as NotificationSettings['severity'] }), {
          kind: 'EXPOSURE_NEW',
          severity,
        }),
      );
      expect(wanted).toEqual(reached);
    });
  }

  it('drops resolutions when Resolution is off, and only them', () => {
    const off = settings({ resolution: false });
    const kinds: AlertKind[] = [
      'EXPOSURE_NEW',
      'INCIDENT_STATUS',
      'INCIDENT_RESOLVED',
      'EXPOSURE_CLEARED',
    ];
    expect(kinds.map((kind) => alertWanted(off, { kind, severity: 'HIGH' }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(alertWanted(settings({}), { kind: 'INCIDENT_RESOLVED', severity: 'HIGH' })).toBe(true);
    expect(alertWanted(settings({}), { kind: 'EXPOSURE_CLEARED', severity: 'HIGH' })).toBe(true);
  });

  it('sends assignments by the Action switch, whatever their severity', () => {
    const strict = settings({ severity: 'Severity 1' });
    expect(alertWanted(strict, { kind: 'INCIDENT_ASSIGNED', severity: 'LOW' })).toBe(true);
    expect(alertWanted(strict, { kind: 'SUPPLIER_ANSWERED', severity: 'LOW' })).toBe(true);
    expect(
      alertWanted(settings({ action: false }), { kind: 'SUPPLIER_ANSWERED', severity: 'HIGH' }),
    ).toBe(false);
    expect(
      alertWanted(settings({ action: false }), { kind: 'INCIDENT_ASSIGNED', severity: 'CRITICAL' }),
    ).toBe(false);
  });

  it('applies the threshold to resolutions too', () => {
    expect(
      alertWanted(settings({ severity: 'Severity 1' }), {
        kind: 'INCIDENT_RESOLVED',
        severity: 'HIGH',
      }),
    ).toBe(false);
  });

  it('sends plan and action alerts by the Plan and Action switches', () => {
    const strict = settings({ severity: 'Severity 1' });
    for (const kind of ['PLAN_ASSIGNED', 'ACTION_ASSIGNED', 'ACTION_OVERDUE'] as const) {
      expect(alertWanted(strict, { kind, severity: 'LOW' }), kind).toBe(true);
    }
    expect(
      alertWanted(settings({ plan: false }), { kind: 'PLAN_ASSIGNED', severity: 'HIGH' }),
    ).toBe(false);
    expect(
      alertWanted(settings({ action: false }), { kind: 'ACTION_OVERDUE', severity: 'HIGH' }),
    ).toBe(false);
    expect(
      alertWanted(settings({ resolution: false }), { kind: 'PLAN_COMPLETED', severity: 'HIGH' }),
    ).toBe(false);
    expect(alertWanted(settings({}), { kind: 'PLAN_COMPLETED', severity: 'LOW' })).toBe(true);
  });
});

describe('where an alert goes: channels, the inbox, or nowhere', () => {
  const alert = (changes: Partial<Parameters<typeof alertRoute>[1]>) => ({
    kind: 'EXPOSURE_NEW' as AlertKind,
    severity: 'HIGH' as const,
    priority: null,
    previousPriority: null,
    urgent: false,
    ownerUserId: null,
    summary: null,
    ...changes,
  });
  const p2 = settings({});

  it('sends an incident to the channels when it reaches the alert priority from below', () => {
    expect(alertRoute(p2, alert({ priority: 'P1' }), 'me')).toBe('CHANNELS');
    expect(alertRoute(p2, alert({ priority: 'P2' }), 'me')).toBe('CHANNELS');
    expect(alertRoute(p2, alert({ priority: 'P3' }), 'me')).toBe('INBOX');
    expect(alertRoute(p2, alert({ priority: null }), 'me')).toBe('INBOX');
    // Already at it: counts moving stay in the inbox; a rise to it goes out.
    expect(alertRoute(p2, alert({ priority: 'P1', previousPriority: 'P2' }), 'me')).toBe('INBOX');
    expect(
      alertRoute(
        p2,
        alert({ kind: 'EXPOSURE_ESCALATED', priority: 'P2', previousPriority: 'P3' }),
        'me',
      ),
    ).toBe('CHANNELS');
    expect(alertRoute(settings({ priority: 'P1' }), alert({ priority: 'P2' }), 'me')).toBe('INBOX');
    // A critical or single-source site newly exposed, whatever the priority.
    expect(alertRoute(p2, alert({ priority: 'P4', urgent: true }), 'me')).toBe('CHANNELS');
  });

  it('keeps status changes, plan news and all clears in the inbox', () => {
    for (const kind of ['INCIDENT_STATUS', 'PLAN_COMPLETED', 'EXPOSURE_CLEARED'] as const) {
      expect(alertRoute(p2, alert({ kind, priority: 'P1' }), 'me')).toBe('INBOX');
    }
  });

  it('sends a resolution to the channels of its owner only', () => {
    const resolved = alert({ kind: 'INCIDENT_RESOLVED', priority: 'P1', ownerUserId: 'owner' });
    expect(alertRoute(p2, resolved, 'owner')).toBe('CHANNELS');
    expect(alertRoute(p2, resolved, 'someone else')).toBe('INBOX');
    expect(alertRoute(settings({ resolution: false }), resolved, 'owner')).toBeNull();
  });

  it("sends what is someone's own work to their channels, whatever its priority", () => {
    for (const kind of ['INCIDENT_ASSIGNED', 'ACTION_ASSIGNED', 'ACTION_OVERDUE'] as const) {
      expect(alertRoute(p2, alert({ kind, severity: 'LOW' }), 'me')).toBe('CHANNELS');
    }
    expect(
      alertRoute(settings({ action: false }), alert({ kind: 'ACTION_ASSIGNED' }), 'me'),
    ).toBeNull();
  });

  it('follows the severity threshold first', () => {
    expect(
      alertRoute(settings({ severity: 'Severity 1' }), alert({ priority: 'P1' }), 'me'),
    ).toBeNull();
  });

  it('sends a summary to the channels when one of its incidents crosses the alert priority', () => {
    const item = { incidentId: 'i', title: 'Quake', previousPriority: null, urgent: false };
    const summary = (priority: 'P1' | 'P3') =>
      alert({ kind: 'EXPOSURE_SUMMARY', summary: [{ ...item, priority }] });
    expect(alertRoute(p2, summary('P1'), 'me')).toBe('CHANNELS');
    expect(alertRoute(p2, summary('P3'), 'me')).toBe('INBOX');
  });
});
