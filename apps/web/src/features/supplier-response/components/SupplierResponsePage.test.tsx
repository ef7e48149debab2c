import { SupplierRequestViewResponse } from '@meridian/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiServer } from '@/test/msw-server';
import { renderWithApp } from '@/test/render';
import { SupplierResponsePage } from './SupplierResponsePage';

// The page's frame has the theme control; the theme is the browser tests' concern.
vi.mock('@/components/ThemeToggle', () => ({ ThemeToggle: () => null }));

const TOKEN = 'k4Jq9xV2m8Rw1pZt7yLc3nHb6dFs0aGe5uQi2oWvXyA';

const view = (answer: SupplierRequestViewResponse['data']['answer'] = null) =>
  SupplierRequestViewResponse.parse({
    message: 'Request found',
    data: {
      organizationName: 'Delta Freight',
      incident: {
        title: 'Port strike at Klang',
        countryCode: 'MY',
        lat: 3,
        lng: 101.4,
        startsAt: '2026-11-20T00:00:00.000Z',
        endsAt: null,
      },
      site: { name: 'Klang plant', city: 'Port Klang' },
      expiresAt: '2026-11-27T00:00:00.000Z',
      answer,
    },
  });

/** The server's side of the link: what it shows, and the answers it takes. */
function linkServes(reply: object, status = 200) {
  const answers: unknown[] = [];
  apiServer.use(
    http.get(`*/api/public/supplier-requests/${TOKEN}`, () => HttpResponse.json(reply, { status })),
    http.put(`*/api/public/supplier-requests/${TOKEN}`, async ({ request }) => {
      answers.push(await request.json());
      return HttpResponse.json({ message: 'Thank you: your answer was sent' });
    }),
  );
  return answers;
}

const open = () =>
  renderWithApp(<SupplierResponsePage />, { route: `/supplier-response?token=${TOKEN}` });

describe('the supplier’s answer page', () => {
  it('shows the event in plain words and sends the four answers', async () => {
    const answers = linkServes(view());
    open();
    await screen.findByRole('heading', { name: 'Is Klang plant affected?' });
    expect(screen.getByText('Port strike at Klang')).toBeTruthy();
    expect(screen.getByText('Malaysia')).toBeTruthy();
    expect(screen.getByText('Klang plant, Port Klang')).toBeTruthy();
    const user = userEvent.setup();
    // Nothing is sent before the first question is answered.
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Say whether the site is affected')).toBeTruthy();
    expect(answers).toEqual([]);
    await user.click(screen.getByLabelText('Yes, it is affected'));
    await user.type(screen.getByLabelText(/Capacity available/), '140');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(
      await screen.findByText('Capacity available is a whole number from 0 to 100'),
    ).toBeTruthy();
    await user.clear(screen.getByLabelText(/Capacity available/));
    await user.type(screen.getByLabelText(/Capacity available/), '40');
    await user.type(screen.getByLabelText(/Anything we should know/), ' Night shift only ');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Thank you: your answer was sent')).toBeTruthy();
    expect(answers).toEqual([
      { affected: true, capacityPct: 40, expectedRecoveryOn: null, notes: 'Night shift only' },
    ]);
  });

  it('starts from the answer given, and leaves out capacity and date when not affected', async () => {
    const answers = linkServes(
      view({
        affected: true,
        capacityPct: 40,
        expectedRecoveryOn: '2026-12-01',
        notes: null,
        answeredAt: '2026-11-21T00:00:00.000Z',
      }),
    );
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('No, not affected'));
    expect(screen.queryByLabelText(/Capacity available/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update answer' }));
    await screen.findByText('Thank you: your answer was sent');
    expect(answers).toEqual([
      { affected: false, capacityPct: null, expectedRecoveryOn: null, notes: null },
    ]);
  });

  it('says why a link does not open', async () => {
    linkServes(
      { code: 'GONE', message: 'This link has expired: ask your contact for a new one' },
      410,
    );
    open();
    expect(
      await screen.findByText('This link has expired: ask your contact for a new one'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send answer' })).toBeNull();
  });
});
