import { authenticatedRequest } from '@/lib/api-client';
import { MessageResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markReadInCache, refreshNotifications } from './notifications-cache';
import * as WEB_MESSAGES from '@/config/messages';

export const markAllNotificationsRead = () =>
  authenticatedRequest('/notifications/read-all', {
    method: 'POST',
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.notification.markAllReadFailed,
  });

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markReadInCache(queryClient, 'all'),
    onSettled: () => refreshNotifications(queryClient),
  });
}
