import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { useEnableTwoFactor, useSetupTwoFactor } from '@/entities/user/two-factor-setup';
import { toast } from '@/lib/toast';
import { Copy, Download } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { QrCode } from './QrCode';
import * as WEB_MESSAGES from '@/config/messages';

const RECOVERY_FILE = 'meridian-recovery-codes.txt';

/** The key in groups of four, as authenticator apps ask for it to be typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Scan the QR code (or type the key) and confirm with a code from the app. */
export function ScanStep({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { mutate: start } = setup;

  useEffect(() => {
    start();
  }, [start]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setFieldError(WEB_MESSAGES.twoFactor.codeInvalid);
      return;
    }
    setFieldError(undefined);
    enable.mutate({ code }, { onSuccess: onEnabled });
  };

  if (setup.isError) return <Alert tone="error">{setup.error.message}</Alert>;
  if (!setup.data)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" /> Preparing your key...
      </p>
    );
  const { secret, otpauthUri } = setup.data;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-muted-foreground">
        <li>
          Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
        </li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <QrCode value={otpauthUri} label="QR code to scan with your authenticator app" />
        <div className="flex min-w-0 flex-col gap-2 text-sm">
          <p className="font-medium text-foreground">Can't scan it? Enter this key:</p>
          <code
            aria-label="Secret key"
            className="rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-sm break-all text-foreground"
          >
            {grouped(secret)}
          </code>
          <p className="text-xs text-muted-foreground">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      {enable.error ? <Alert tone="error">{enable.error.message}</Alert> : null}
      <FormField label="Code from the app" error={fieldError}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          className="font-mono tracking-[0.3em]"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? <Spinner className="size-4" /> : null}
          Verify and turn on
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once, to copy or download. */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Meridian recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    toast.success(WEB_MESSAGES.twoFactor.recoveryCodesCopied);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_FILE;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success">Two-factor authentication is on.</Alert>
      <p className="text-sm text-muted-foreground">
        If you lose your phone, each of these codes signs you in once. Save them somewhere safe now:
        they will not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1.5 rounded-md border border-border bg-surface-muted p-4 font-mono text-sm text-foreground sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" /> Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden="true" className="size-4" /> Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
