import type { DeliveryChannel } from '@meridian/contracts';
import type { AppConfig } from '../../config.js';
import type { Mailer } from '../../lib/mailer.js';
import { emailChannel } from './channel-email.js';
import { slackChannel } from './channel-slack.js';
import { smsChannel } from './channel-sms.js';
import { teamsChannel } from './channel-teams.js';
import type { Channel } from './channel-types.js';
import { webhookChannel } from './channel-webhook.js';

export type Channels = Readonly<Record<DeliveryChannel, Channel>>;

export function buildChannels(
  config: Pick<AppConfig['alerts'], 'timeoutMs' | 'allowPrivateUrls' | 'sms'>,
  mailer: Mailer,
): Channels {
  const http = { timeoutMs: config.timeoutMs, allowPrivate: config.allowPrivateUrls };
  return {
    EMAIL: emailChannel(mailer, config.timeoutMs),
    SMS: smsChannel(config.sms, config.timeoutMs),
    SLACK: slackChannel(http),
    TEAMS: teamsChannel(http),
    WEBHOOK: webhookChannel(http),
  };
}
