import { post } from '../../lib/outbound-http.js';
import {
  type Channel,
  type OutboundMessage,
  RETRY_POLICIES,
  severityLabel,
} from './channel-types.js';

export type SmsGateway = { url: string; username: string; password: string; from: string };

/** One SMS segment is 160 characters; an alert says what and where to look, within two. */
const MAX_LENGTH = 320;

export function smsText(message: OutboundMessage): string {
  const text = [
    `Meridian ${message.incident?.priority ? `${message.incident.priority} ` : ''}${severityLabel(message.severity)}: ${message.title}`,
    message.lines[0] ?? '',
    message.incident?.place ?? '',
    message.url ?? '',
  ]
    .filter(Boolean)
    .join('\n');
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

/**
 * Texts through an HTTP gateway that takes Twilio's form (`POST …/Messages.json` with `To`,
 * `From`, `Body`, HTTP Basic credentials). Off unless SMS_URL is set. The gateway is the
 * operator's, set in the environment, so private addresses are allowed for it.
 */
export const smsChannel = (gateway: SmsGateway | null, timeoutMs: number): Channel => ({
  channel: 'SMS',
  retry: RETRY_POLICIES.SMS,
  configured: gateway !== null,
  async send(message, target) {
    if (!gateway) throw new Error('SMS_URL is not set');
    const body = new URLSearchParams({
      To: target.recipient,
      From: gateway.from,
      Body: smsText(message),
    });
    const answer = await post(gateway.url, body.toString(), {
      timeoutMs,
      allowPrivate: true,
      contentType: 'application/x-www-form-urlencoded',
      headers: {
        authorization: `Basic ${Buffer.from(`${gateway.username}:${gateway.password}`).toString('base64')}`,
      },
    });
    return { statusCode: answer.statusCode };
  },
});
