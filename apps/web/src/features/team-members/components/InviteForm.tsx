import { CopyableLink } from '@/components/CopyableLink';
import { PermissionNote } from '@/components/PermissionNote';
import { ADMIN_ROLE_LABELS } from '@/components/RoleBadge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_ROLES, type AdminRole } from '@meridian/contracts';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  inviteFormSchema,
  useCreateInvitation,
  type Invite,
  type InviteFormValues,
} from '../api/create-invitation';
import { useTeamPermissions } from '../hooks/use-team-permissions';

/** Viewer, Manager, Admin, with Viewer as default (spec part 6). */
const ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({ value: role, label: ADMIN_ROLE_LABELS[role] }));
const isAdminRole = (value: string): value is AdminRole =>
  (ADMIN_ROLES as readonly string[]).includes(value);

type SentInvitation = { email: string; inviteUrl: string; expiresAt: string; emailed: boolean };

export function InviteForm() {
  const { inviteBlockedReason } = useTeamPermissions();
  const createInvitation = useCreateInvitation();
  const [sent, setSent] = useState<SentInvitation | null>(null);
  const form = useForm<InviteFormValues, unknown, Invite>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: '', adminRole: 'VIEWER' },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const blocked = inviteBlockedReason !== null;
  const canSend = !blocked && email.trim() !== '' && !createInvitation.isPending;

  const onSubmit = form.handleSubmit((invite) =>
    createInvitation.mutate(invite, {
      onSuccess: ({ invitation, inviteUrl, emailed }) => {
        setSent({ email: invitation.email, inviteUrl, expiresAt: invitation.expiresAt, emailed });
        form.reset({ email: '', adminRole: invite.adminRole });
      },
    }),
  );

  return (
    <Card aria-labelledby="invite-heading" className="flex flex-col gap-4 p-5">
      <div>
        <h2 id="invite-heading" className="text-base font-semibold">
          Invite a team member
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          They get a link to set their name and password and join this organization.
        </p>
      </div>
      <form
        noValidate
        aria-label="Invite"
        onSubmit={onSubmit}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="flex-1">
          <FormField label="Email" error={form.formState.errors.email?.message}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="colleague@company.com"
              disabled={blocked}
              {...form.register('email')}
            />
          </FormField>
        </div>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-foreground" aria-hidden="true">
            Role
          </span>
          <Controller
            control={form.control}
            name="adminRole"
            render={({ field }) => (
              <Select
                label="Role"
                value={field.value}
                onValueChange={(value) => {
                  if (isAdminRole(value)) field.onChange(value);
                }}
                options={ROLE_OPTIONS}
                disabled={blocked}
                className="h-10 w-full sm:w-36"
              />
            )}
          />
        </div>
        <Button type="submit" disabled={!canSend} className="sm:mt-7">
          {createInvitation.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          Send Invite
        </Button>
      </form>
      {inviteBlockedReason ? <PermissionNote>{inviteBlockedReason}</PermissionNote> : null}
      {sent ? (
        <div className="flex flex-col gap-1 rounded-md border border-border bg-background/40 p-4">
          {sent.emailed ? (
            <p role="status" className="text-sm">
              Invitation e-mailed to {sent.email}
            </p>
          ) : null}
          <CopyableLink label={`Invitation link for ${sent.email}`} url={sent.inviteUrl} />
          <p className="text-xs text-muted-foreground">
            Share it with them. It works once and expires on{' '}
            {new Date(sent.expiresAt).toLocaleString()}.
          </p>
        </div>
      ) : null}
    </Card>
  );
}
