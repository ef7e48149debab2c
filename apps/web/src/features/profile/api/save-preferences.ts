import { authenticatedRequest } from '@/lib/api-client';
import { myProfileQuery } from '@/lib/my-profile';
import { PreferencesResponse, type Preferences } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import * as WEB_MESSAGES from '@/config/messages';

export const savePreferences = (preferences: Preferences) =>
  authenticatedRequest('/me/preferences', {
    method: 'PUT',
    body: preferences,
    schema: PreferencesResponse,
    fallbackMessage: WEB_MESSAGES.settings.savePreferences,
  });

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (reply) => {
      queryClient.setQueryData(
        myProfileQuery.queryKey,
        (profile) => profile && { ...profile, preferences: reply.data, preferencesSaved: true },
      );
      toast.success(reply.message);
    },
  });
}
