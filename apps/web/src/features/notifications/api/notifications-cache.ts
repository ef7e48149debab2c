import { queryKeys } from '@/lib/query-keys';
import type { NotificationListResponse, UnreadResponse } from '@meridian/contracts';
import type { QueryClient } from '@tanstack/react-query';

type Latest = NotificationListResponse['data'];

/**
 * Shows an unread notification (or all of them) as read at once, before the server answers,
 * so the badge drops as the user clicks; `refreshNotifications` then asks for the truth.
 */
export async function markReadInCache(queryClient: QueryClient, which: { id: string } | 'all') {
  await queryClient.cancelQueries({ queryKey: queryKeys.notifications.all });
  const readAt = new Date().toISOString();
  const remaining = (unread: number) => (which === 'all' ? 0 : Math.max(0, unread - 1));
  queryClient.setQueryData<Latest>(queryKeys.notifications.latest, (latest) =>
    latest
      ? {
          notifications: latest.notifications.map((item) =>
            item.readAt === null && (which === 'all' || item.id === which.id)
              ? { ...item, readAt }
              : item,
          ),
          unread: remaining(latest.unread),
        }
      : latest,
  );
  queryClient.setQueryData<UnreadResponse['data']>(queryKeys.notifications.unread, (state) =>
    state === undefined ? state : { ...state, unread: remaining(state.unread) },
  );
}

export const refreshNotifications = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
