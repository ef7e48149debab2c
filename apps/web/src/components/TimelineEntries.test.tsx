import { TimelineEntry } from '@meridian/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { TimelineEntries } from './TimelineEntries';

const ADA = { id: '0b6c5a1e-2f3d-4c8b-9e7a-5d4c3b2a1f01', firstName: 'Ada', lastName: 'Lind' };
const BO = '0b6c5a1e-2f3d-4c8b-9e7a-5d4c3b2a1f02';
const GONE = '0b6c5a1e-2f3d-4c8b-9e7a-5d4c3b2a1f03';

/** Entries as the API sends them: parsed by the contract first. */
const entry = (fields: Partial<TimelineEntry> & Pick<TimelineEntry, 'kind' | 'at'>) =>
  TimelineEntry.parse({
    id: crypto.randomUUID(),
    actor: { ...ADA, email: 'ada@acme.example' },
    changes: [],
    body: null,
    ...fields,
  });

const ENTRIES = [
  entry({
    kind: 'CREATED',
    at: '2026-11-20T08:00:00.000Z',
    changes: [{ field: 'title', from: null, to: 'Port strike' }],
  }),
  entry({
    kind: 'UPDATED',
    at: '2026-11-20T09:00:00.000Z',
    changes: [
      { field: 'assigneeId', from: GONE, to: BO },
      { field: 'affectedRadiusKm', from: 25, to: 40 },
    ],
  }),
  entry({
    kind: 'STATUS',
    at: '2026-11-20T10:00:00.000Z',
    changes: [{ field: 'status', from: 'OPEN', to: 'IN_PROGRESS' }],
    body: 'Crane down',
  }),
  entry({ kind: 'COMMENT', at: '2026-11-20T11:00:00.000Z', body: 'Berth **4** closed' }),
  entry({
    kind: 'UPDATED',
    at: '2026-11-20T12:00:00.000Z',
    actor: null,
    via: 'USGS earthquakes',
    changes: [{ field: 'severity', from: 'MEDIUM', to: 'HIGH' }],
  }),
];

const PEOPLE = new Map([[BO, 'Bo Berg']]);

const items = () =>
  within(screen.getByRole('list', { name: 'Timeline' }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.tagName === 'OL');

describe('TimelineEntries', () => {
  it('words each entry: who, what, when, and each change from → to', () => {
    renderWithApp(<TimelineEntries entries={ENTRIES} people={PEOPLE} />);
    const [created, updated, status, comment, byFeed] = items();
    expect(created?.textContent).toContain('Ada Lind created the incident');
    expect(created?.textContent).toContain('Fri, 20 Nov 2026 08:00:00 GMT');
    // The initial values of a new incident are not listed as changes.
    expect(created?.textContent).not.toContain('title:');
    expect(updated?.textContent).toContain('assignee: a former member → Bo Berg');
    expect(updated?.textContent).toContain('affected radius: 25 km → 40 km');
    expect(status?.textContent).toContain('status: OPEN → IN PROGRESS');
    expect(status?.textContent).toContain('Reason: Crane down');
    expect(within(comment as HTMLElement).getByText('4').tagName).toBe('STRONG');
    expect(byFeed?.textContent).toContain('USGS earthquakes updated the incident');
  });

  it('puts the newest entry first when asked, as the Insights tab does', () => {
    renderWithApp(<TimelineEntries entries={ENTRIES} people={PEOPLE} newestFirst />);
    const times = items().map((item) => item.querySelector('time')?.getAttribute('dateTime'));
    expect(times).toEqual(ENTRIES.map((one) => one.at).reverse());
  });
});
