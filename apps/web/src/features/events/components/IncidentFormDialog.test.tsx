import type { IncidentCreate, IncidentDetail } from '@meridian/contracts';
import { IncidentDetail as IncidentDetailSchema } from '@meridian/contracts';
import { defaultAffectedRadiusKm } from '@meridian/contracts/constants';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { IncidentFormDialog } from './IncidentFormDialog';

// The picker draws a WebGL map, which jsdom cannot: a stand-in sets the point as a click on
// the map would (the map itself is covered by the browser tests).
vi.mock('./LocationPicker', () => ({
  LocationPicker: ({
    onChange,
    noPlace,
    onNoPlaceChange,
    error,
  }: {
    onChange: (point: { lat: number; lng: number }) => void;
    noPlace: boolean;
    onNoPlaceChange: (noPlace: boolean) => void;
    error?: string | null;
  }) => (
    <>
      <button type="button" onClick={() => onChange({ lat: 51.96, lng: 1.35 })}>
        Pick Felixstowe
      </button>
      <button type="button" aria-pressed={noPlace} onClick={() => onNoPlaceChange(!noPlace)}>
        No single place
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </>
  ),
}));

const STRIKE: IncidentDetail = IncidentDetailSchema.parse({
  id: '6f1c2b9e-4a55-4d1e-9a6b-0c3f0b1d2e01',
  organizationId: '0b6c5a1e-2f3d-4c8b-9e7a-5d4c3b2a1f00',
  title: 'Port strike in Felixstowe',
  description: 'Dockers out until Friday',
  severity: 'HIGH',
  type: 'STRIKE',
  status: 'OPEN',
  location: { lat: 51.96, lng: 1.35, countryCode: 'GB' },
  affectedRadiusKm: defaultAffectedRadiusKm('STRIKE', 'HIGH'),
  startsAt: '2026-11-20T08:00:00.000Z',
  endsAt: null,
  updatedAt: '2026-11-20T08:00:00.000Z',
});

function open(props: { incident?: IncidentDetail; allowGlobal?: boolean } = {}) {
  const sent: IncidentCreate[] = [];
  renderWithApp(
    <IncidentFormDialog
      open
      onOpenChange={() => undefined}
      pending={false}
      error={null}
      onSubmit={(values) => sent.push(values)}
      {...props}
    />,
  );
  return { sent, user: userEvent.setup() };
}

describe('IncidentFormDialog', () => {
  it('asks for a title and a place before sending anything', async () => {
    const { sent, user } = open();
    await user.click(screen.getByRole('button', { name: 'Create incident' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Choose where it is, or "No single place" when it has none',
    );
    expect(sent).toEqual([]);
  });

  it('sends an incident with no place only when told it has none', async () => {
    const { sent, user } = open();
    await user.type(screen.getByLabelText('Title'), 'Customs system outage');
    await user.click(screen.getByRole('button', { name: 'Create incident' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'No single place' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create incident' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: 'Customs system outage', location: null });
  });

  it('sends a new incident with its place, its own radius and, for staff, the global scope', async () => {
    const { sent, user } = open({ allowGlobal: true });
    await user.type(screen.getByLabelText('Title'), '  Crane collapse at berth 7  ');
    await user.click(screen.getByRole('button', { name: 'Pick Felixstowe' }));
    await user.type(screen.getByLabelText('Affected radius (km)'), '40');
    await user.click(screen.getByRole('switch', { name: 'Global incident' }));
    await user.click(screen.getByRole('button', { name: 'Create incident' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: 'Crane collapse at berth 7',
      severity: 'MEDIUM',
      type: 'OTHER',
      location: { lat: 51.96, lng: 1.35, countryCode: null },
      affectedRadiusKm: 40,
      scope: 'GLOBAL',
    });
  });

  it('leaves the radius to the server when it is the default of the type and severity', async () => {
    const { sent, user } = open();
    await user.type(screen.getByLabelText('Title'), 'Fog in the Channel');
    await user.click(screen.getByRole('button', { name: 'Pick Felixstowe' }));
    await user.click(screen.getByRole('button', { name: 'Create incident' }));
    expect(sent[0]).not.toHaveProperty('affectedRadiusKm');
    expect(sent[0]).not.toHaveProperty('scope');
  });

  it('sends only what changed when editing, so the timeline records only real changes', async () => {
    const { sent, user } = open({ incident: STRIKE });
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Port strike at Felixstowe, day 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0] ?? {}).sort()).toEqual(['severity', 'title']);
    expect(sent[0]).toEqual({ title: 'Port strike at Felixstowe, day 2', severity: 'HIGH' });
  });
});
