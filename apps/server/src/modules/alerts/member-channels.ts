import {
  type AlertKind,
  DEFAULT_NOTIFICATION_SETTINGS,
  type DeliveryChannel,
  NotificationSettings,
  channelCarries,
} from '@meridian/contracts';
import { readSettings } from '../../lib/settings-documents.js';
import type { Channels } from './channels.js';

/** One message a recipient's alert becomes: its channel and address (an endpoint's id for chat). */
export type TargetDelivery = { channel: DeliveryChannel; recipient: string; endpointId?: string };

/** An organization's notification defaults, over Meridian's. */
export const organizationSettings = (stored: unknown): NotificationSettings =>
  readSettings(NotificationSettings, DEFAULT_NOTIFICATION_SETTINGS, stored);

/** A member's notification settings, over their organization's defaults. */
export const memberSettings = (defaults: NotificationSettings, stored: unknown) =>
  readSettings(NotificationSettings, defaults, stored);

/**
 * Where a member's own channels send an alert of this kind: e-mail and SMS when they carry
 * it, the address is known and the channel configured.
 */
export function personalDeliveries(
  channels: Channels,
  settings: NotificationSettings,
  kind: AlertKind,
  email: string,
): TargetDelivery[] {
  const wanted: TargetDelivery[] = [];
  if (channelCarries(settings, kind, 'email') && channels.EMAIL.configured) {
    wanted.push({ channel: 'EMAIL', recipient: email });
  }
  if (channelCarries(settings, kind, 'sms') && settings.smsNumber && channels.SMS.configured) {
    wanted.push({ channel: 'SMS', recipient: settings.smsNumber });
  }
  return wanted;
}
