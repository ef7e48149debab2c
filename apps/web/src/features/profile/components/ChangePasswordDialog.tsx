import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordChange } from '@meridian/contracts';
import { useForm } from 'react-hook-form';
import { useChangePassword } from '../api/change-password';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '' };

/** Current and new password; on success every other session of the user is signed out. */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const change = useChangePassword();
  const form = useForm<PasswordChange>({
    resolver: zodResolver(PasswordChange),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY);
      change.reset();
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit((values) =>
    change.mutate(values, { onSuccess: () => close(false) }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Change Password"
      description="Changing your password signs you out on every other device."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {change.error ? <Alert tone="error">{change.error.message}</Alert> : null}
        <FormField label="Current password" error={errors.currentPassword?.message}>
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
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? <Spinner className="size-4" /> : null}
            Change Password
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
