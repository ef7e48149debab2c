import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import {
  type AssessmentBulk,
  AssessmentBulkResponse,
  AssessmentListResponse,
  AssessmentResponse,
  type AssessmentValues,
  SupplierRequestCreateResponse,
  SupplierRequestListResponse,
} from '@meridian/contracts';
import { z } from 'zod';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

/** A change's failure is a toast; either way the incident's panels read again. */
const refreshAfter = (queryClient: QueryClient) => ({
  onError: (error: Error) => {
    toast.error(error.message);
  },
  onSettled: async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.atlas.all });
  },
});

const assessmentsPath = (incidentId: string) =>
  `/incidents/${encodeURIComponent(incidentId)}/assessments`;

export const getAssessments = async (incidentId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(assessmentsPath(incidentId), {
      schema: AssessmentListResponse,
      fallbackMessage: WEB_MESSAGES.assessment.loadFailed,
      signal,
    })
  ).data;

/** How each exposed site stands in the incident, polled like the page. */
export function useAssessments(incidentId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.atlas.assessments(organizationId, incidentId),
    queryFn: ({ signal }) => getAssessments(incidentId, signal),
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
  });
}

/** Sets how one site stands; the exposure (value at risk, priority) and timeline follow. */
export function useSetAssessment(incidentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, values }: { siteId: string; values: AssessmentValues }) =>
      authenticatedRequest(`${assessmentsPath(incidentId)}/${encodeURIComponent(siteId)}`, {
        method: 'PUT',
        body: values,
        schema: AssessmentResponse,
        fallbackMessage: WEB_MESSAGES.assessment.saveFailed,
      }),
    onSuccess: (reply) => {
      toast.success(`${reply.data.assessment.siteName}: ${reply.message}`);
    },
    ...refreshAfter(queryClient),
  });
}

const requestsPath = (incidentId: string) =>
  `/incidents/${encodeURIComponent(incidentId)}/supplier-requests`;

/** The links sent to the exposed sites' contacts, and the response rate. */
export function useSupplierRequests(incidentId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.atlas.supplierRequests(organizationId, incidentId),
    queryFn: async ({ signal }) =>
      (
        await authenticatedRequest(requestsPath(incidentId), {
          schema: SupplierRequestListResponse,
          fallbackMessage: WEB_MESSAGES.supplierResponse.loadFailed,
          signal,
        })
      ).data,
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
  });
}

/** Asks every exposed site with a contact e-mail that has no open link. */
export function useAskSuppliers(incidentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      authenticatedRequest(requestsPath(incidentId), {
        method: 'POST',
        body: {},
        schema: SupplierRequestCreateResponse,
        fallbackMessage: WEB_MESSAGES.supplierResponse.askFailed,
      }),
    onSuccess: (reply) => {
      const noMail = reply.data.skipped.filter((site) => site.reason === 'NO_EMAIL').length;
      toast.success(
        noMail > 0 ? `${reply.message}; ${noMail} without a contact e-mail` : reply.message,
      );
    },
    ...refreshAfter(queryClient),
  });
}

/** Withdraws a link: it no longer opens. */
export function useRevokeSupplierRequest(incidentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      authenticatedRequest(`${requestsPath(incidentId)}/${encodeURIComponent(requestId)}`, {
        method: 'DELETE',
        schema: z.object({ message: z.string() }),
        fallbackMessage: WEB_MESSAGES.supplierResponse.revokeFailed,
      }),
    onSuccess: (reply) => {
      toast.success(reply.message);
    },
    ...refreshAfter(queryClient),
  });
}

/** Sets how several sites stand at once (all or none), from the panel's selection. */
export function useBulkSetAssessment(incidentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssessmentBulk) =>
      authenticatedRequest(`${assessmentsPath(incidentId)}/bulk`, {
        method: 'POST',
        body,
        schema: AssessmentBulkResponse,
        fallbackMessage: WEB_MESSAGES.assessment.saveFailed,
      }),
    onSuccess: (reply) => {
      toast.success(reply.message);
    },
    ...refreshAfter(queryClient),
  });
}
