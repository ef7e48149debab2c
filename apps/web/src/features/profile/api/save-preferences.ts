import { SETTINGS_MESSAGES } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { myProfileQuery } from '@/lib/my-profile';
import { PreferencesResponse, type Preferences } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';

export const savePreferences = (preferences: Preferences) =>
  authenticatedRequest('/me/preferences', {
    method: 'PUT',
    body: preferences,
    schema: PreferencesResponse,
    fallbackMessage: SETTINGS_MESSAGES.savePreferences,
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
