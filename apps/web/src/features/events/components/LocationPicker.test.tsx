import { PlaceSearchResponse, type PlaceCandidate } from '@meridian/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapPoint } from '@/components/map/map-types';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { apiServer } from '@/test/msw-server';
import { renderWithApp } from '@/test/render';
import { LocationPicker } from './LocationPicker';

// The map draws with WebGL, which jsdom has not: the picker's search is what is tested here.
vi.mock('@/components/map/LazyMap', () => ({ LazyMap: () => <div data-testid="map" /> }));

const PORT_KLANG: PlaceCandidate = {
  name: 'Port Klang',
  kind: 'PORT',
  countryCode: 'MY',
  country: 'Malaysia',
  locode: 'MYPKG',
  lat: 3,
  lng: 101.39,
};
const city = (country: string, countryCode: string, lat: number, lng: number): PlaceCandidate => ({
  name: 'Westport',
  kind: 'CITY',
  countryCode,
  country,
  locode: null,
  lat,
  lng,
});

/** The server's places for each query, checked against the contract first. */
function placesAre(byQuery: Record<string, PlaceCandidate[]>) {
  const asked: string[] = [];
  apiServer.use(
    http.get('*/api/places', ({ request }) => {
      const query = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(query);
      return HttpResponse.json(PlaceSearchResponse.parse({ data: byQuery[query] ?? [] }));
    }),
  );
  return asked;
}

/** The picker in a form of its own, keeping what it is given as the dialog does. */
function Harness() {
  const [point, setPoint] = useState<MapPoint | null>(null);
  const [noPlace, setNoPlace] = useState(false);
  return (
    <LocationPicker
      value={point}
      onChange={setPoint}
      noPlace={noPlace}
      onNoPlaceChange={setNoPlace}
      severity="HIGH"
      radiusKm={40}
    />
  );
}

beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
});

describe('LocationPicker', () => {
  it('offers every place a name means, with kind and country, and names the one chosen', async () => {
    const asked = placesAre({
      Westport: [
        PORT_KLANG,
        city('Ireland', 'IE', 53.8, -9.52),
        city('United States', 'US', 41.14, -73.36),
      ],
    });
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.type(screen.getByLabelText('Find a place'), 'Westport{Enter}');

    const list = await screen.findByRole('list', {
      name: '3 places are called "Westport": choose one',
    });
    const options = Array.from(list.querySelectorAll('button')).map((button) => button.textContent);
    expect(options).toEqual([
      'Port KlangPort · Malaysia · MYPKG',
      'WestportCity · Ireland',
      'WestportCity · United States',
    ]);
    await user.click(screen.getByRole('button', { name: /^Port Klang/ }));
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('Port Klang (MYPKG), Malaysia')).toBeTruthy();
    expect(screen.getByText(/3\.0000, 101\.3900/)).toBeTruthy();
    expect(asked).toEqual(['Westport']);
  });

  it('takes the only place a code means at once, and says when nothing is found', async () => {
    placesAre({ MYPKG: [PORT_KLANG] });
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    const search = screen.getByLabelText('Find a place');
    await user.type(search, 'MYPKG{Enter}');
    expect(await screen.findByText('Port Klang (MYPKG), Malaysia')).toBeTruthy();

    await user.clear(search);
    await user.type(search, 'Qwxzv{Enter}');
    expect(
      await screen.findByText(
        'No place called "Qwxzv": try a UN/LOCODE such as MYPKG, or click the map',
      ),
    ).toBeTruthy();
  });

  it('says outright when the incident has no single place, and then takes none', async () => {
    placesAre({});
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    expect(
      screen.getByText('No location: find a place, click the map, or choose "No single place"'),
    ).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'No single place' }));
    expect(
      screen.getByText('No single place: no area, so no site or shipment is matched'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Find a place').disabled).toBe(true);
  });
});
