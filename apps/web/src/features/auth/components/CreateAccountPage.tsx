import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import * as WEB_MESSAGES from '@/config/messages';
import { paths } from '@/config/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import {
  accountRequestFormSchema,
  useRequestAccount,
  type AccountRequest,
  type AccountRequestFormValues,
} from '../api/request-account';
import { messageOf } from '../hooks/use-sign-in-error';
import { AuthLayout } from '@/components/AuthLayout';
import * as API_MESSAGES from '@meridian/contracts/messages';

const EMPTY_REQUEST: AccountRequestFormValues = {
  email: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
};

/** Blank required fields share one message; other problems (an invalid e-mail) stay per field. */
const hasMissingField = (errors: FieldErrors<AccountRequestFormValues>) =>
  Object.values(errors).some((error) => error?.message === API_MESSAGES.accountRequest.required);

const fieldError = (message: string | undefined) =>
  message === API_MESSAGES.accountRequest.required ? undefined : message;

export function CreateAccountPage() {
  const requestAccount = useRequestAccount();
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AccountRequestFormValues, unknown, AccountRequest>({
    resolver: zodResolver(accountRequestFormSchema),
    defaultValues: EMPTY_REQUEST,
  });
  const { errors } = form.formState;
  const missingFields = hasMissingField(errors);
  const invalid = (field: keyof AccountRequestFormValues) => Boolean(errors[field]);

  const onSubmit = form.handleSubmit(async (request) => {
    setServerError(null);
    setSubmitted(false);
    try {
      await requestAccount.mutateAsync(request);
      setSubmitted(true);
      toast.success(API_MESSAGES.accountRequest.submitted);
      form.reset(EMPTY_REQUEST);
    } catch (error) {
      const message = messageOf(error, WEB_MESSAGES.accountRequest.failed);
      setServerError(message);
      toast.error(message);
    }
  });

  return (
    <AuthLayout
      title="Request an account"
      description="Tell us where your organization is and we will set up your access."
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Account request"
      >
        {missingFields ? <Alert tone="error">{API_MESSAGES.accountRequest.required}</Alert> : null}
        {serverError ? <Alert tone="error">{serverError}</Alert> : null}
        {submitted ? <Alert tone="success">{API_MESSAGES.accountRequest.submitted}</Alert> : null}
        <FormField
          label="Work email"
          error={fieldError(errors.email?.message)}
          invalid={invalid('email')}
        >
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            required

            {...form.register('email')}
          />
        </FormField>
        <FormField label="Address line 1" invalid={invalid('address1')}>
          <Input autoComplete="address-line1" required {...form.register('address1')} />
        </FormField>
        <FormField label="Address line 2" optional>
          <Input autoComplete="address-line2" {...form.register('address2')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="City" invalid={invalid('city')}>
            <Input autoComplete="address-level2" required {...form.register('city')} />
          </FormField>
          <FormField label="State or region" invalid={invalid('state')}>
            <Input autoComplete="address-level1" required {...form.register('state')} />
          </FormField>
          <FormField label="Postal code" invalid={invalid('postalCode')}>
            <Input autoComplete="postal-code" required {...form.register('postalCode')} />
          </FormField>
          <FormField label="Country" invalid={invalid('country')}>
            <Input autoComplete="country-name" required {...form.register('country')} />
          </FormField>
        </div>
        <Button type="submit" disabled={requestAccount.isPending} className="mt-2 w-full">
          {requestAccount.isPending ? <Spinner className="size-4" /> : null}
          Request account
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link
          to={paths.login.getHref()}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
