import { type FeedReport, FeedReportListResponse } from '@meridian/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { apiServer } from '@/test/msw-server';
import { renderWithApp } from '@/test/render';
import { FeedReports } from './FeedReports';

const platformAdmin = vi.hoisted(() => ({ value: false }));
vi.mock('@/lib/use-platform-admin', () => ({ usePlatformAdmin: () => platformAdmin.value }));

const INCIDENT_ID = '6f1c2b9e-4a55-4d1e-9a6b-0c3f0b1d2e01';
const report = (sourceName: string, over: Partial<FeedReport> = {}): FeedReport => ({
  id: crypto.randomUUID(),
  source: sourceName.toLowerCase(),
  sourceName,
  sourceUrl: `https://${sourceName.toLowerCase()}.example/event`,
  hazard: 'EARTHQUAKE',
  severity: 'LOW',
  primary: false,
  over: false,
  firstSeenAt: '2026-11-20T03:12:00.000Z',
  lastSeenAt: '2026-11-20T03:12:00.000Z',
  ...over,
});

const REPORTS = [
  report('USGS', { primary: true }),
  report('EMSC', { over: true }),
  report('GDACS', { severity: 'HIGH' }),
];

function reportsAre(reports: FeedReport[]) {
  const reply = FeedReportListResponse.parse({ data: { reports } });
  const splits: string[] = [];
  apiServer.use(
    http.get(`*/api/incidents/${INCIDENT_ID}/feed-reports`, () => HttpResponse.json(reply)),
    http.post(`*/api/incidents/${INCIDENT_ID}/feed-reports/:reportId/split`, ({ params }) => {
      splits.push(String(params.reportId));
      return HttpResponse.json(
        {
          message: 'Report split into an incident of its own',
          data: { incidentId: crypto.randomUUID() },
        },
        { status: 201 },
      );
    }),
  );
  return splits;
}

describe('the feeds that reported an event', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'access-token');
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-token');
    platformAdmin.value = false;
  });

  it('lists each feed with its link and severity, the first and the finished marked', async () => {
    reportsAre(REPORTS);
    renderWithApp(<FeedReports incidentId={INCIDENT_ID} />);
    const list = await screen.findByRole('list', { name: 'Reported by' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'USGSLOW · first',
      'EMSCLOW · over',
      'GDACSHIGH',
    ]);
    expect(within(list).getByRole('link', { name: 'GDACS' }).getAttribute('href')).toBe(
      'https://gdacs.example/event',
    );
    // Splitting is for platform staff.
    expect(screen.queryByRole('button', { name: /Split/ })).toBeNull();
  });

  it('says nothing for an incident no feed reported', async () => {
    reportsAre([]);
    const { container } = renderWithApp(<FeedReports incidentId={INCIDENT_ID} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });

  it('lets a platform admin split a report that is not the first, after confirming', async () => {
    platformAdmin.value = true;
    const splits = reportsAre(REPORTS);
    renderWithApp(<FeedReports incidentId={INCIDENT_ID} />);
    await screen.findByRole('list', { name: 'Reported by' });
    expect(screen.queryByRole('button', { name: "Split USGS's report" })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: "Split GDACS's report" }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Split this report?' });
    expect(dialog.textContent).toContain("GDACS's report becomes an incident of its own");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Split' }));
    await vi.waitFor(() => expect(splits).toEqual([REPORTS[2]?.id]));
  });
});
