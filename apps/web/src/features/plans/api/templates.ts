import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import {
  MessageResponse,
  PlanTemplateListResponse,
  PlanTemplateResponse,
  type PlanTemplate,
  type PlanTemplateInput,
} from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getTemplates = async (signal?: AbortSignal) =>
  (
    await authenticatedRequest('/plan-templates', {
      schema: PlanTemplateListResponse,
      fallbackMessage: WEB_MESSAGES.plan.templatesFailed,
      signal,
    })
  ).data.templates;

/** The organization's plan templates (three starters, then its own). */
export function useTemplates({ enabled }: { enabled: boolean }) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.planTemplates(organizationId),
    queryFn: ({ signal }) => getTemplates(signal),
    enabled,
  });
}

/** A new template without an id; a changed one replaces the whole template. */
export const saveTemplate = async ({
  id,
  input,
}: {
  id: string | null;
  input: PlanTemplateInput;
}) =>
  (
    await authenticatedRequest(
      id ? `/plan-templates/${encodeURIComponent(id)}` : '/plan-templates',
      {
        method: id ? 'PATCH' : 'POST',
        body: input,
        schema: PlanTemplateResponse,
        fallbackMessage: WEB_MESSAGES.plan.templateSaveFailed,
      },
    )
  ).data.template;

export const deleteTemplate = async (template: Pick<PlanTemplate, 'id' | 'name'>) => {
  await authenticatedRequest(`/plan-templates/${encodeURIComponent(template.id)}`, {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.plan.templateRemoveFailed,
  });
};

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: saveTemplate,
    // The editor shows the server's reason beside the form.
    meta: { errorToast: false },
    onSuccess: async (template) => {
      toast.success(WEB_MESSAGES.plan.templateSaved(template.name));
      await queryClient.invalidateQueries({ queryKey: queryKeys.planTemplates(organizationId) });
    },
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: async (_reply, template) => {
      toast.success(WEB_MESSAGES.plan.templateRemoved(template.name));
      queryClient.setQueryData<PlanTemplate[]>(queryKeys.planTemplates(organizationId), (list) =>
        list?.filter((known) => known.id !== template.id),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.planTemplates(organizationId) });
    },
  });
}
