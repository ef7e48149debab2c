import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { INCIDENT_LIMITS } from '@meridian/contracts/constants';
import { useState } from 'react';

/** A resolved incident comes back with a reason, which goes on its timeline. */
export function ReopenDialog({
  open,
  onOpenChange,
  onReopen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReopen: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const close = (next: boolean) => {
    if (!next) setReason('');
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Reopen incident"
      description="Say why it is back: the reason is kept on the timeline."
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return;
          onReopen(reason.trim());
          close(false);
        }}
      >
        <FormField label="Reason">
          <textarea
            required
            rows={3}
            maxLength={INCIDENT_LIMITS.reason}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!reason.trim()}>
            Reopen
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
