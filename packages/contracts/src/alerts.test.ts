import { describe, expect, it } from 'vitest';
import { type AlertKind, alertWanted } from './alerts.js';
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
