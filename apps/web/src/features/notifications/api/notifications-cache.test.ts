import { queryKeys } from '@/lib/query-keys';
import type { Notification, NotificationListResponse } from '@meridian/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { markReadInCache } from './notifications-cache';

const notification = (id: string, readAt: string | null): Notification => ({
  id,
  kind: 'INCIDENT_CREATED',
  severity: 'HIGH',
  title: `New incident: ${id}`,
  lines: ['Recorded by Mia'],
  link: `/admin/events/${id}`,
  incidentId: null,
  priority: null,
  updates: 1,
  createdAt: '2026-11-23T12:00:00.000Z',
  updatedAt: '2026-11-23T12:00:00.000Z',
  alertedAt: null,
  readAt,
});

function cacheWith(unread: number, notifications: Notification[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.notifications.unread, { unread, alertedAt: null });
  queryClient.setQueryData<NotificationListResponse['data']>(queryKeys.notifications.latest, {
    notifications,
    unread,
  });
  const latest = () =>
    queryClient.getQueryData<NotificationListResponse['data']>(queryKeys.notifications.latest);
  return {
    queryClient,
    latest,
    unread: () =>
      queryClient.getQueryData<{ unread: number }>(queryKeys.notifications.unread)?.unread,
  };
}

describe('marking notifications read in the cache', () => {
  it('reads one at once: its readAt is set and both counts drop by one', async () => {
    const cache = cacheWith(2, [notification('a', null), notification('b', null)]);
    await markReadInCache(cache.queryClient, { id: 'a' });
    expect(cache.unread()).toBe(1);
    expect(cache.latest()?.unread).toBe(1);
    expect(cache.latest()?.notifications.map((item) => item.readAt !== null)).toEqual([
      true,
      false,
    ]);
  });

  it('reads all: every readAt is set and the counts are 0, read ones keep their time', async () => {
    const earlier = '2026-11-22T08:00:00.000Z';
    const cache = cacheWith(5, [notification('a', null), notification('b', earlier)]);
    await markReadInCache(cache.queryClient, 'all');
    expect(cache.unread()).toBe(0);
    expect(cache.latest()?.unread).toBe(0);
    expect(cache.latest()?.notifications[1]?.readAt).toBe(earlier);
    expect(cache.latest()?.notifications[0]?.readAt).not.toBeNull();
  });

  it('never counts below zero, and leaves an empty cache empty', async () => {
    const cache = cacheWith(0, []);
    await markReadInCache(cache.queryClient, { id: 'gone' });
    expect(cache.unread()).toBe(0);
    const empty = new QueryClient();
    await markReadInCache(empty, 'all');
    expect(empty.getQueryData(queryKeys.notifications.latest)).toBeUndefined();
    expect(empty.getQueryData(queryKeys.notifications.unread)).toBeUndefined();
  });
});
