import { useEffect, useState } from 'react';
import * as WEB_MESSAGES from '@/config/messages';

const SIZE_PX = 192;

/**
 * A QR code drawn in the browser from an otpauth:// URI: the secret never leaves for another
 * service. The drawing library loads only when a code is shown.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ toDataURL }) =>
        toDataURL(value, { errorCorrectionLevel: 'M', margin: 1, width: SIZE_PX * 2 }),
      )
      .then((src) => {
        if (live) setDrawn({ value, src });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [value]);

  if (failed) return <p className="text-sm text-destructive">{WEB_MESSAGES.twoFactor.qrFailed}</p>;
  // A white square in both themes: scanners read dark modules on a light ground.
  return (
    <div className="flex size-[208px] shrink-0 items-center justify-center rounded-md border border-border bg-white p-2">
      {drawn?.value === value ? (
        <img src={drawn.src} alt={label} width={SIZE_PX} height={SIZE_PX} />
      ) : (
        <span className="text-xs text-slate-500">Drawing QR code...</span>
      )}
    </div>
  );
}
