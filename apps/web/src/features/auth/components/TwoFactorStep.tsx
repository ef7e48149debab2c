import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { useState, type FormEvent } from 'react';
import type { useSignInError } from '../hooks/use-sign-in-error';
import { useTwoFactorSignIn } from '../hooks/use-two-factor-sign-in';
import { AuthLayout } from '@/components/AuthLayout';
import * as WEB_MESSAGES from '@/config/messages';

const SIX_DIGITS = /^\d{6}$/;

/** After the password: the 6-digit code from the authenticator app, or a recovery code. */
export function TwoFactorStep({
  challengeToken,
  signInError,
  onBack,
}: {
  challengeToken: string;
  signInError: ReturnType<typeof useSignInError>;
  onBack: () => void;
}) {
  const { error, report: reportError, clear: clearError } = signInError;
  const verify = useTwoFactorSignIn(challengeToken, reportError);
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    clearError();
    const typed = value.trim();
    if (useRecovery ? !typed : !SIX_DIGITS.test(typed)) {
      setFieldError(
        useRecovery
          ? WEB_MESSAGES.twoFactor.recoveryCodeRequired
          : WEB_MESSAGES.twoFactor.codeInvalid,
      );
      return;
    }
    setFieldError(undefined);
    await verify.submit(useRecovery ? { recoveryCode: typed } : { code: typed });
  };

  const switchMode = () => {
    setUseRecovery((current) => !current);
    setValue('');
    setFieldError(undefined);
    clearError();
  };

  return (
    <AuthLayout
      title="Two-step verification"
      description="Your account asks for a second step to sign in."
    >
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
        aria-label="Two-step verification"
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
        <p className="text-sm text-muted-foreground">
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for Meridian.'}
        </p>
        {useRecovery ? (
          <FormField key="recovery" label="Recovery code" error={fieldError}>
            <Input
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              placeholder="xxxx-xxxx-xxxx-xxxx"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </FormField>
        ) : (
          <FormField key="code" label="Authentication code" error={fieldError}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              required
              autoFocus
              placeholder="123456"
              className="font-mono tracking-[0.3em]"
              value={value}
              onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
            />
          </FormField>
        )}
        <Button type="submit" disabled={verify.isPending} className="mt-2 w-full">
          {verify.isPending ? <Spinner className="size-4" /> : null}
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <button
            type="button"
            onClick={switchMode}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </button>
          <button
            type="button"
            onClick={() => {
              clearError();
              onBack();
            }}
            className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Back to sign in
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
