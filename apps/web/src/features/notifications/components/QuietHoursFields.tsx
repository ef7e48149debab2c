import { ToggleField } from '@/components/settings/ToggleField';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { useMyProfile } from '@/lib/my-profile';
import { type NotificationSettings, TIMEZONE_ZONES } from '@meridian/contracts';
import type { UseFormReturn } from 'react-hook-form';

/** The IANA zone of the user's profile time zone; "Automatic": this browser's. */
export function useProfileTimeZone(): string {
  const timezone = useMyProfile().data?.preferences.timezone;
  return timezone && timezone !== 'Automatic'
    ? TIMEZONE_ZONES[timezone]
    : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Quiet hours: on, from, to. They are kept in the time zone of the user's profile, which the
 * form sets when it is saved (`useProfileTimeZone`).
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
      <p className="text-xs text-muted-foreground">In your profile&apos;s time zone: {timeZone}.</p>
    </div>
  );
}
