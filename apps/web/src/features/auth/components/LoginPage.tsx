import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { lazy, Suspense } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import type { LoginFormValues } from '../api/login-form';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { usePasswordSignIn } from '../hooks/use-password-sign-in';
import { useSignInError } from '../hooks/use-sign-in-error';
import { AuthLayout } from '@/components/AuthLayout';
import { GoogleIcon } from './GoogleIcon';

// The form's rules (and zod with them) load with its first check, not with the page.
const loginFormResolver: Resolver<LoginFormValues> = async (...check) =>
  (await import('../api/login-form')).loginFormResolver(...check);

// Only accounts with two-factor authentication need the code step: it loads when asked for.
const TwoFactorStep = lazy(async () => ({
  default: (await import('./TwoFactorStep')).TwoFactorStep,
}));

export function LoginPage() {
  const signInError = useSignInError();
  const passwordSignIn = usePasswordSignIn(signInError.report);
  const googleSignIn = useGoogleSignIn(signInError.report);
  const form = useForm<LoginFormValues>({
    resolver: loginFormResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    signInError.clear();
    await passwordSignIn.submit(values);
  });

  const onGoogle = () => {
    signInError.clear();
    void googleSignIn.start(form.getValues('email'));
  };

  const { challenge } = passwordSignIn;
  if (challenge) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          key={challenge.challengeToken}
          challengeToken={challenge.challengeToken}
          signInError={signInError}
          onBack={() => {
            form.resetField('password');
            passwordSignIn.cancelChallenge();
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthLayout title="Sign in" description="Welcome back. Sign in to monitor your supply chain.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
        {signInError.error ? <Alert tone="error">{signInError.error}</Alert> : null}
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            placeholder="you@company.com"
            {...form.register('email')}
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            required
            {...form.register('password')}
          />
        </FormField>
        <Button type="submit" disabled={passwordSignIn.isPending} className="mt-2 w-full">
          {passwordSignIn.isPending ? <Spinner className="size-4" /> : null}
          {passwordSignIn.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>

      <div className="my-6 flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>

      <Button
        variant="secondary"
        className="w-full"
        onClick={onGoogle}
        onPointerEnter={googleSignIn.prepare}
        onFocus={googleSignIn.prepare}
        disabled={googleSignIn.isRedirecting}
      >
        {googleSignIn.isRedirecting ? <Spinner className="size-4" /> : <GoogleIcon />}
        Continue with Google
      </Button>

      <p className="mt-6 text-center text-sm text-muted-foreground">
        Need access?{' '}
        <Link
          to={paths.createAccount.getHref()}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Create Account
        </Link>
      </p>
    </AuthLayout>
  );
}
