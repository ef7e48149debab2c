import { ADMIN_ROLE_LABELS } from '@/components/RoleBadge';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import type { InvitationLookupResponse } from '@meridian/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import {
  acceptInviteFormSchema,
  useAcceptInvitation,
  type AcceptInvite,
  type AcceptInviteFormValues,
} from '../api/accept-invitation';
import { useInvitation } from '../api/lookup-invitation';
import { messageOf } from '../hooks/use-sign-in-error';
import { AuthLayout } from '@/components/AuthLayout';
import * as WEB_MESSAGES from '@/config/messages';

type Invitation = InvitationLookupResponse['data'];

function AcceptInviteForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<AcceptInviteFormValues, unknown, AcceptInvite>({
    resolver: zodResolver(acceptInviteFormSchema),
    defaultValues: { firstName: '', lastName: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      signIn(await accept.mutateAsync({ token, ...values }));
      void navigate(paths.admin.atlas.getHref(), { replace: true });
    } catch (failure) {
      const message = messageOf(failure, WEB_MESSAGES.team.invitationAcceptFailed);
      setError(message);
      toast.error(message);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Accept invitation"
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <FormField label="Email">
        <Input value={invitation.email} readOnly autoComplete="username" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" required {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" required {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters; common passwords are refused."
      >
        <Input
          type="password"
          autoComplete="new-password"
          required
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" disabled={accept.isPending} className="mt-2 w-full">
        {accept.isPending ? <Spinner className="size-4" /> : null}
        Join {invitation.organizationName}
      </Button>
    </form>
  );
}

/** The page an invitation link opens: who invited you where, then name and password. */
export function AcceptInvitePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const invitation = useInvitation(token);
  const failure =
    token === '' ? WEB_MESSAGES.team.invitationMissingToken : invitation.error?.message;

  const description = invitation.data
    ? `You are invited to join ${invitation.data.organizationName} on ${PRODUCT_NAME} as ${ADMIN_ROLE_LABELS[invitation.data.adminRole]}.`
    : `Join your team on ${PRODUCT_NAME}.`;

  return (
    <AuthLayout title="Accept invitation" description={description}>
      {failure ? (
        <div className="flex flex-col gap-4">
          <Alert tone="error">{failure}</Alert>
          <p className="text-sm text-muted-foreground">
            Already joined?{' '}
            <Link
              to={paths.login.getHref()}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Sign in
            </Link>
          </p>
        </div>
      ) : invitation.data ? (
        <AcceptInviteForm token={token} invitation={invitation.data} />
      ) : (
        <SectionSpinner label="Checking your invitation..." />
      )}
    </AuthLayout>
  );
}
