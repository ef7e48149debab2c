import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { hasAdminAccess } from '@/lib/auth-access';
import type { GoogleLinkChallenge } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { linkGoogleAccount } from '../api/google-exchange';
import { messageOf } from '../hooks/use-sign-in-error';
import * as WEB_MESSAGES from '@/config/messages';

/**
 * A first Google sign-in into an account that has a password: the password, once, proves the
 * account is the person's before Google is linked to it.
 */
export function GoogleLinkForm({ challenge }: { challenge: GoogleLinkChallenge }) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const link = useMutation({ mutationFn: linkGoogleAccount, meta: { errorToast: false } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError('Enter your Meridian password');
      return;
    }
    setFieldError(undefined);
    link.mutate(
      { linkToken: challenge.linkToken, password },
      {
        onSuccess: (reply) => {
          signIn(reply);
          void navigate(
            hasAdminAccess(reply.user) ? paths.admin.atlas.getHref() : paths.login.getHref(),
            { replace: true },
          );
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Link your Google account"
      className="flex flex-col gap-4 text-left"
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <Link2 aria-hidden="true" className="size-8 text-primary" />
        <h1 className="text-lg font-semibold">Link your Google account</h1>
        <p className="text-sm text-muted-foreground">{challenge.message}</p>
      </div>
      {link.error ? (
        <Alert tone="error">{messageOf(link.error, WEB_MESSAGES.googleLink.failed)}</Alert>
      ) : null}
      <FormField label="Email">
        <Input value={challenge.email} readOnly autoComplete="username" />
      </FormField>
      <FormField label="Meridian password" error={fieldError}>
        <Input
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <Button type="submit" disabled={link.isPending} className="w-full">
        {link.isPending ? <Spinner className="size-4" /> : null}
        Link and sign in
      </Button>
      <Link
        to={paths.login.getHref()}
        replace
        className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Cancel
      </Link>
    </form>
  );
}
