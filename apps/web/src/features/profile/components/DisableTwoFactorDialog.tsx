import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { useState, type FormEvent } from 'react';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import * as WEB_MESSAGES from '@/config/messages';

/** Turning 2FA off takes the password and a current code (or a recovery code). */
export function DisableTwoFactorDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<{ password?: string; code?: string }>({});

  const close = () => {
    setPassword('');
    setCode('');
    setMissing({});
    disable.reset();
    onOpenChange(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      password: password ? undefined : 'Password is required',
      code: code.trim() ? undefined : WEB_MESSAGES.twoFactor.disableCodeRequired,
    };
    setMissing(problems);
    if (problems.password || problems.code) return;
    disable.mutate({ password, code: code.trim() }, { onSuccess: close });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Disable 2FA"
      description="Sign-in will ask only for your password again."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {disable.error ? <Alert tone="error">{disable.error.message}</Alert> : null}
        <FormField label="Password" error={missing.password}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        <FormField
          label="Code from your authenticator app"
          hint="Or one of your recovery codes."
          error={missing.code}
        >
          <Input
            autoComplete="one-time-code"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={disable.isPending}>
            {disable.isPending ? <Spinner className="size-4" /> : null}
            Turn off 2FA
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
