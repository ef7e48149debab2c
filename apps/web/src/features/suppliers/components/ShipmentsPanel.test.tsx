import { ShipmentPageResponse } from '@meridian/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { apiServer } from '@/test/msw-server';
import { renderWithApp } from '@/test/render';
import { formatDateTime } from '@/utils/format';
import { ShipmentsPanel } from './ShipmentsPanel';

const shipment = (id: string, estimated: { lat: number; lng: number } | null) => ({
  id,
  reference: id,
  currentPosition: { lat: 51.92, lng: 0 },
  positionAt: '2026-11-27T10:00:00.000Z',
  estimatedPosition: estimated,
  origin: 'Felixstowe',
  destination: 'Hamburg',
  mode: 'SEA',
  carrier: null,
  cargoValue: null,
  cargoCurrency: null,
  status: 'IN_TRANSIT',
  eta: '2026-11-28T10:00:00.000Z',
  originPlace: null,
  destinationPlace: null,
  departureAt: '2026-11-27T10:00:00.000Z',
  route: [],
  siteIds: [],
});

describe('ShipmentsPanel', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'a-token');
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'a-refresh-token');
  });

  it('shows where a moving shipment is estimated to be, and where it was given', async () => {
    const page = ShipmentPageResponse.parse({
      message: 'Shipments retrieved',
      data: {
        shipments: [shipment('MOVING', { lat: 52.41, lng: 4.3 }), shipment('STAYS', null)],
        nextCursor: null,
        total: 2,
      },
    });
    apiServer.use(http.get('*/api/shipments', () => HttpResponse.json(page)));
    renderWithApp(<ShipmentsPanel canEdit={false} />);

    const moving = (await screen.findByRole('rowheader', { name: 'MOVING' })).closest('tr')!;
    expect(within(moving).getByText('52.41, 4.30')).toBeTruthy();
    expect(
      within(moving).getByText(
        `Estimated on its route from 51.92, 0.00, ${formatDateTime('2026-11-27T10:00:00.000Z')}`,
      ),
    ).toBeTruthy();
    const stays = screen.getByRole('rowheader', { name: 'STAYS' }).closest('tr')!;
    expect(within(stays).getByText('51.92, 0.00')).toBeTruthy();
    expect(within(stays).queryByText(/Estimated/)).toBeNull();
  });
});
