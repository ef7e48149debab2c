import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { fullName } from '@/utils/format';
import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileUpdate, type User } from '@meridian/contracts';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateProfile } from '../api/update-profile';

/** The full name, and behind its Edit toggle a form whose Save renames the user. */
export function NameEditor({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(ProfileUpdate),
    values: { firstName: user.firstName, lastName: user.lastName },
  });
  const { errors } = form.formState;

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-lg font-semibold text-foreground">{fullName(user)}</p>
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
      </div>
    );
  }

  const submit = form.handleSubmit((change) =>
    update.mutate(change, { onSuccess: () => setEditing(false) }),
  );
  return (
    <form onSubmit={submit} aria-label="Edit full name" className="flex flex-col gap-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName && 'First name is required'}>
          <Input autoComplete="given-name" autoFocus {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" error={errors.lastName && 'Last name is required'}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? <Spinner className="size-4" /> : null}
          Save
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            form.reset();
            setEditing(false);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
