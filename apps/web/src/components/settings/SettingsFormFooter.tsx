import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { Lock } from 'lucide-react';

/**
 * The Save button of a settings form. It waits for a change; for a reader who may not change
 * the settings it says why instead.
 */
export function SettingsFormFooter({
  dirty,
  saving,
  readOnlyReason,
  label = 'Save',
}: {
  dirty: boolean;
  saving: boolean;
  readOnlyReason?: string | undefined;
  label?: string;
}) {
  if (readOnlyReason) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        {readOnlyReason}
      </p>
    );
  }
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={!dirty || saving} className="w-full sm:w-auto">
        {saving ? <Spinner className="size-4" /> : null}
        {label}
      </Button>
    </div>
  );
}
