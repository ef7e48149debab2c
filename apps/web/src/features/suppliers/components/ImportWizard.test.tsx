import { BulkResponse } from '@meridian/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { apiServer } from '@/test/msw-server';
import { renderWithApp } from '@/test/render';
import { ImportWizard } from './ImportWizard';
import * as WEB_MESSAGES from '@/config/messages';

const csv = (...lines: string[]) =>
  new File([`${lines.join('\n')}\n`], 'suppliers.csv', { type: 'text/csv' });

/** What the server received, and how it answers: progress lines, then the result. */
function acceptImport(created: number) {
  const received: unknown[] = [];
  apiServer.use(
    http.post('*/api/sites/bulk', async ({ request }) => {
      received.push(await request.json());
      const result = BulkResponse.parse({
        message: 'Sites imported',
        data: { created, updated: 0 },
      });
      const lines = [
        { progress: { stage: 'writing', done: created, total: created } },
        { result: { data: result.data } },
      ];
      return new HttpResponse(lines.map((line) => JSON.stringify(line)).join('\n') + '\n', {
        headers: { 'content-type': 'application/x-ndjson' },
      });
    }),
  );
  return received;
}

async function chooseFile(file: File) {
  const user = userEvent.setup();
  renderWithApp(<ImportWizard kind="sites" open onOpenChange={() => undefined} />);
  await user.upload(screen.getByLabelText('CSV or Excel file'), file);
  return user;
}

describe('ImportWizard', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'a-token');
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'a-refresh-token');
  });

  it('matches the columns by their names, checks every row, and sends the rows once', async () => {
    const received = acceptImport(2);
    const user = await chooseFile(
      csv(
        'Supplier,Vendor ID,Latitude,Longitude',
        'Hanseatic Bearings,V-1,53.55,9.99',
        'Elbe Steel,V-2,53.54,9.98',
      ),
    );
    await screen.findByText(/2 rows in/);
    await user.click(screen.getByRole('button', { name: 'Check 2 rows' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
    await screen.findByText(WEB_MESSAGES.suppliers.imported('sites', 2, 0));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      sites: [
        { name: 'Hanseatic Bearings', externalRef: 'V-1', location: { lat: 53.55, lng: 9.99 } },
        { name: 'Elbe Steel', externalRef: 'V-2', location: { lat: 53.54, lng: 9.98 } },
      ],
    });
  });

  it('names the line and column of a row the server would refuse, and sends nothing', async () => {
    const received = acceptImport(1);
    const user = await chooseFile(
      csv('Supplier,Latitude,Longitude', 'Hanseatic Bearings,53.55,9.99', ',53.54,9.98'),
    );
    await user.click(await screen.findByRole('button', { name: 'Check 2 rows' }));
    const errors = await screen.findByRole('list', { name: 'Errors' });
    expect(within(errors).getByText('Line 3')).toBeTruthy();
    expect(within(errors).getByText('Name')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import 2 rows' }).disabled).toBe(
      true,
    );
    expect(received).toHaveLength(0);
  });

  it("puts the server's refusal on the file's lines", async () => {
    apiServer.use(
      http.post('*/api/sites/bulk', () =>
        HttpResponse.json(
          {
            code: 'BAD_REQUEST',
            message: 'sites.1.location: "Atlantis" was not found',
            issues: [{ path: 'sites.1.location', message: '"Atlantis" was not found' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = await chooseFile(
      csv('Supplier,City', 'Hanseatic Bearings,Hamburg', 'Lost Works,Atlantis'),
    );
    await user.click(await screen.findByRole('button', { name: 'Check 2 rows' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
    const errors = await screen.findByRole('list', { name: 'Errors' });
    expect(within(errors).getByText('Line 3')).toBeTruthy();
    expect(within(errors).getByText('"Atlantis" was not found')).toBeTruthy();
  });
});
