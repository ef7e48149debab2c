import { apiServer } from '@/test/msw-server';
import { renderWithApp } from '@/test/render';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { NotificationBell } from './NotificationBell';

const bell = (unread: number) => ({ unread, alertedAt: null });
const event = (unread: number) => `event: inbox\ndata: ${JSON.stringify(bell(unread))}\n\n`;

/** A live inbox stream the test writes to, as the server would after each change. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let opened = 0;
  apiServer.use(
    http.get('*/api/notifications/stream', () => {
      opened += 1;
      const body = new ReadableStream<Uint8Array>({
        start(each) {
          controller = each;
        },
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return {
    send: (text: string) => controller?.enqueue(encoder.encode(text)),
    end: () => controller?.close(),
    opened: () => opened,
  };
}

describe('NotificationBell', () => {
  it('shows each count the live inbox pushes, without waiting for a poll', async () => {
    apiServer.use(
      http.get('*/api/notifications/unread', () =>
        HttpResponse.json({ message: 'ok', data: bell(0) }),
      ),
    );
    const stream = liveStream();
    renderWithApp(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications' });
    await expect.poll(stream.opened).toBe(1);
    stream.send(event(0));
    stream.send(event(2));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    // One change arrives in two pieces of the stream: read whole.
    const next = event(3);
    stream.send(next.slice(0, 10));
    stream.send(next.slice(10));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
  });

  it('falls back on the polled count while the stream is unavailable', async () => {
    apiServer.use(
      http.get('*/api/notifications/unread', () =>
        HttpResponse.json({ message: 'ok', data: bell(4) }),
      ),
      http.get('*/api/notifications/stream', () =>
        HttpResponse.json(
          { code: 'SERVICE_UNAVAILABLE', message: 'The live inbox is unavailable just now' },
          { status: 503, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    renderWithApp(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeTruthy();
  });
});
