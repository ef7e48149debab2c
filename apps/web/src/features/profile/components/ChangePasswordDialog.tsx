import { ChangePasswordForm } from '@/components/ChangePasswordForm';
import { Dialog } from '@/components/ui/Dialog';

/** Current and new password; on success every other session of the user is signed out. */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Password"
      description="Changing your password signs you out on every other device."
    >
      <ChangePasswordForm onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}
