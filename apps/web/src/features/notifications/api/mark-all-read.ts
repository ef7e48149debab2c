import { NOTIFICATION_MESSAGES_WEB } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { MessageResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markReadInCache, refreshNotifications } from './notifications-cache';

export const markAllNotificationsRead = () =>
  authenticatedRequest('/notifications/read-all', {
    method: 'POST',
    schema: MessageResponse,
    fallbackMessage: NOTIFICATION_MESSAGES_WEB.markAllReadFailed,
  });

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markReadInCache(queryClient, 'all'),
    onSettled: () => refreshNotifications(queryClient),
  });
}
