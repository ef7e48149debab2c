import { SettingsSection } from '@/components/settings/SettingsSection';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { PRODUCT_NAME } from '@/config/constants';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import {
  requestDesktopPermission,
  useDesktopPermission,
  type DesktopPermission,
} from '../hooks/use-desktop-permission';

const STATES: Record<DesktopPermission, { label: string; tone: BadgeTone; detail: string }> = {
  granted: {
    label: 'Allowed',
    tone: 'green',
    detail: `This browser shows a notification for each new alert while ${PRODUCT_NAME} is open.`,
  },
  default: {
    label: 'Not allowed yet',
    tone: 'slate',
    detail: 'Your browser asks you once; nothing is shown until you allow it.',
  },
  denied: {
    label: 'Blocked by the browser',
    tone: 'red',
    detail: `To allow them, change the notification permission of this site in your browser's site settings, then come back to ${PRODUCT_NAME}.`,
  },
  unsupported: {
    label: 'Not supported',
    tone: 'slate',
    detail: 'This browser cannot show desktop notifications.',
  },
};

/**
 * The browser's permission for desktop notifications: shown as it stands, and asked for only
 * when the user presses the button.
 */
export function DesktopNotificationsControl({ desktopChannelOn }: { desktopChannelOn: boolean }) {
  const permission = useDesktopPermission();
  const [asking, setAsking] = useState(false);
  const state = STATES[permission];

  const ask = async () => {
    setAsking(true);
    try {
      await requestDesktopPermission();
    } finally {
      setAsking(false);
    }
  };

  return (
    <SettingsSection
      title="Desktop notifications"
      description="Notifications on this computer, from this browser."
      Icon={MonitorSmartphone}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="status" className="flex min-w-0 flex-col gap-1">
          <Badge tone={state.tone} className="self-start">
            {state.label}
          </Badge>
          <p className="text-sm text-muted-foreground">{state.detail}</p>
          {permission === 'granted' && !desktopChannelOn ? (
            <p className="text-sm text-muted-foreground">
              The Desktop channel below is off: turn it on and save to receive them.
            </p>
          ) : null}
        </div>
        {permission === 'default' ? (
          <Button onClick={() => void ask()} disabled={asking} className="w-full sm:w-auto">
            Allow desktop notifications
          </Button>
        ) : null}
      </div>
    </SettingsSection>
  );
}
