import { post } from '../../lib/outbound-http.js';
import {
  type Channel,
  type OutboundMessage,
  RETRY_POLICIES,
  severityLabel,
} from './channel-types.js';
import { briefLines } from './incident-brief.js';

/** Slack's mrkdwn treats these three as control characters. */
const escapeSlack = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Block Kit message with a plain `text` fallback (notifications and old clients show it). */
export function slackPayload(message: OutboundMessage) {
  const lines = message.lines.map((line) => `• ${escapeSlack(line)}`).join('\n');
  return {
    text: `${severityLabel(message.severity)}: ${message.title}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: message.title.slice(0, 150) } },
      ...(lines ? [{ type: 'section', text: { type: 'mrkdwn', text: lines.slice(0, 3000) } }] : []),
      {
        type: 'context',
        elements: [
          { type: 'mrkdwn', text: `*Severity:* ${severityLabel(message.severity)} · Meridian` },
          ...(message.incident
            ? briefLines(message.incident).map(({ label, text }) => ({
                type: 'mrkdwn',
                text: `*${label}:* ${escapeSlack(text)}`,
              }))
            : []),
        ],
      },
      ...(message.url
        ? [
            {
              type: 'actions',
              elements: [
                {
                  type: 'button',
                  text: { type: 'plain_text', text: 'Open in Meridian' },
                  url: message.url,
                },
              ],
            },
          ]
        : []),
    ],
  };
}

export const slackChannel = (options: { timeoutMs: number; allowPrivate: boolean }): Channel => ({
  channel: 'SLACK',
  retry: RETRY_POLICIES.SLACK,
  configured: true,
  async send(message, target) {
    if (!target.url) throw new Error('a Slack delivery needs its webhook URL');
    const answer = await post(target.url, JSON.stringify(slackPayload(message)), options);
    return { statusCode: answer.statusCode };
  },
});
