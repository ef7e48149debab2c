import { createHmac, timingSafeEqual } from 'node:crypto';
import { post } from '../../lib/outbound-http.js';
import { type Channel, type OutboundMessage, RETRY_POLICIES } from './channel-types.js';

export const SIGNATURE_HEADER = 'x-meridian-signature';
export const TIMESTAMP_HEADER = 'x-meridian-timestamp';
export const DELIVERY_HEADER = 'x-meridian-delivery';

/** `sha256=` and the hex HMAC-SHA256, keyed by the endpoint's secret, of `{timestamp}.{body}`. */
export const signature = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** What a receiver does: recompute and compare in constant time (and reject old timestamps). */
export function verifySignature(
  secret: string,
  timestamp: string,
  body: string,
  received: string,
): boolean {
  const expected = Buffer.from(signature(secret, timestamp, body));
  const actual = Buffer.from(received);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function webhookBody(message: OutboundMessage) {
  return {
    id: message.deliveryId,
    type: message.kind === 'TEST' ? 'test' : 'alert',
    createdAt: message.createdAt.toISOString(),
    alert: {
      kind: message.kind,
      severity: message.severity,
      title: message.title,
      lines: message.lines,
      url: message.url,
      incidentId: message.incidentId,
      incident: message.incident,
    },
  };
}

export const webhookChannel = (
  options: { timeoutMs: number; allowPrivate: boolean },
  now: () => Date = () => new Date(),
): Channel => ({
  channel: 'WEBHOOK',
  retry: RETRY_POLICIES.WEBHOOK,
  configured: true,
  async send(message, target) {
    if (!target.url || !target.secret)
      throw new Error('a webhook delivery needs its URL and secret');
    const body = JSON.stringify(webhookBody(message));
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const answer = await post(target.url, body, {
      ...options,
      headers: {
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signature(target.secret, timestamp, body),
        [DELIVERY_HEADER]: message.deliveryId,
      },
    });
    return { statusCode: answer.statusCode };
  },
});
