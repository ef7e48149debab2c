import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { useChangePassword } from '@/entities/user/change-password';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordChange } from '@meridian/contracts';
import { useForm } from 'react-hook-form';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '' };

/** Current and new password; the server's refusal shows above the fields. */
export function ChangePasswordForm({
  onDone,
  onCancel,
  currentLabel = 'Current password',
}: {
  onDone: () => void;
  /** Without it there is no Cancel: the change cannot be skipped. */
  onCancel?: () => void;
  currentLabel?: string;
}) {
  const change = useChangePassword();
  const form = useForm<PasswordChange>({
    resolver: zodResolver(PasswordChange),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        onDone();
      },
    }),
  );

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {change.error ? <Alert tone="error">{change.error.message}</Alert> : null}
      <FormField label={currentLabel} error={errors.currentPassword?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
        />
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button
            variant="secondary"
            onClick={() => {
              form.reset(EMPTY);
              change.reset();
              onCancel();
            }}
          >
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? <Spinner className="size-4" /> : null}
          Change Password
        </Button>
      </div>
    </form>
  );
}
