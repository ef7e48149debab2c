import { Check, Copy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from './ui/Button';
import { Input } from './ui/Input';
import * as WEB_MESSAGES from '@/config/messages';

/** A link shown read-only with a copy button; if the clipboard refuses, the text is selected. */
export function CopyableLink({
  label,
  url,
  copiedMessage = WEB_MESSAGES.team.linkCopied,
  copyLabel = 'Copy link',
}: {
  label: string;
  url: string;
  copiedMessage?: string;
  copyLabel?: string;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(copiedMessage);
    } catch {
      inputRef.current?.select();
      toast.error(WEB_MESSAGES.team.copyFailed);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          ref={inputRef}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied ? 'Copied' : copyLabel}
        </Button>
      </div>
    </div>
  );
}
