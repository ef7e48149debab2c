import { authenticatedRequest } from '@/lib/api-client';
import { MessageResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markReadInCache, refreshNotifications } from './notifications-cache';
import * as WEB_MESSAGES from '@/config/messages';

export const markNotificationRead = (id: string) =>
  authenticatedRequest(`/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.notification.markReadFailed,
  });

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => markReadInCache(queryClient, { id }),
    onSettled: () => refreshNotifications(queryClient),
  });
}
