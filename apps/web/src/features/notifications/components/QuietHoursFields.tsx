import { ToggleField } from '@/components/settings/ToggleField';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import type { NotificationSettings } from '@meridian/contracts';
import type { UseFormReturn } from 'react-hook-form';

/**
 * This browser's IANA zone: saved with the quiet hours for a profile whose time zone is
 * "Automatic" (a named one, such as Tokyo, is used by the server instead).
 */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Quiet hours: on, from, to, in the time zone of the user's profile (this browser's while it is
 * "Automatic", which the form saves with them).
 */
export function QuietHoursFields({
  form,
  timeZone,
}: {
  form: UseFormReturn<NotificationSettings>;
  timeZone: string;
}) {
  const errors = form.formState.errors.quietHours;
  return (
    <div className="flex flex-col gap-2">
      <ToggleField
        control={form.control}
        name="quietHours.enabled"
        label="Quiet hours"
        description="Hold what can wait until they end. What is assigned to you, P1 incidents and critical sites still reach you."
      />
      <div className="grid max-w-md gap-4 border-t border-border pt-4 sm:grid-cols-2">
        <FormField label="From" error={errors?.from?.message}>
          <Input type="time" {...form.register('quietHours.from')} />
        </FormField>
        <FormField label="To" error={errors?.to?.message}>
          <Input type="time" {...form.register('quietHours.to')} />
        </FormField>
      </div>
      <p className="text-xs text-muted-foreground">
        In your profile&apos;s time zone; while it is Automatic, this browser&apos;s: {timeZone}.
      </p>
    </div>
  );
}
