import { publicRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { InvitationLookupResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

/** What an invitation link is for; an expired, used or unknown link answers with its reason. */
export const lookupInvitation = async (token: string, signal?: AbortSignal) => {
  const reply = await publicRequest('/auth/invitations/lookup', {
    method: 'POST',
    body: { token },
    schema: InvitationLookupResponse,
    fallbackMessage: WEB_MESSAGES.team.invitationLookupFailed,
    signal,
  });
  return reply.data;
};

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.invitation(token),
    queryFn: ({ signal }) => lookupInvitation(token, signal),
    // The link is used up by accepting it: never show a cached answer.
    staleTime: 0,
    gcTime: 0,
  });

export const useInvitation = (token: string) =>
  useQuery({ ...invitationQuery(token), enabled: token !== '' });
