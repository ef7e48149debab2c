import { post } from '../../lib/outbound-http.js';
import {
  type Channel,
  type OutboundMessage,
  RETRY_POLICIES,
  severityLabel,
} from './channel-types.js';

export type SmsGateway = { url: string; username: string; password: string; from: string };

/** One SMS segment: the whole text fits in it. */
export const SMS_MAX_LENGTH = 160;

/**
 * One segment: what and how urgent, what happened and where, then the link whole (what is cut
 * to fit is the words before it, ending "..." — an ellipsis character would make the whole text
 * UCS-2, 70 characters a segment).
 */
export function smsText(message: OutboundMessage): string {
  const words = [
    `Meridian ${message.incident?.priority ? `${message.incident.priority} ` : ''}${severityLabel(message.severity)}: ${message.title}`,
    message.lines[0] ?? '',
    message.incident?.place ?? '',
  ]
    .filter(Boolean)
    .join('\n');
  const link = message.url && message.url.length < SMS_MAX_LENGTH / 2 ? message.url : null;
  const room = SMS_MAX_LENGTH - (link ? link.length + 1 : 0);
  const fitted = words.length > room ? `${words.slice(0, room - 3).trimEnd()}...` : words;
  return link ? `${fitted}\n${link}` : fitted;
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
