import { RecoveryCodesStep, ScanStep } from '@/components/two-factor/TwoFactorSetupSteps';
import { Dialog } from '@/components/ui/Dialog';
import { useState } from 'react';

/** Scan a QR code (or type the key), confirm a code, then keep the recovery codes. */
export function EnableTwoFactorDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const change = (next: boolean) => {
    if (!next) setCodes(null);
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={codes ? 'Save your recovery codes' : 'Enable 2FA'}
      description={
        codes
          ? undefined
          : 'Sign-in will ask for a code from your authenticator app after your password.'
      }
    >
      {codes ? (
        <RecoveryCodesStep codes={codes} onDone={() => change(false)} />
      ) : open ? (
        <ScanStep onEnabled={setCodes} />
      ) : null}
    </Dialog>
  );
}
