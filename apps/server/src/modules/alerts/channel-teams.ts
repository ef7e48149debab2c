import { post } from '../../lib/outbound-http.js';
import {
  type Channel,
  type OutboundMessage,
  RETRY_POLICIES,
  severityLabel,
} from './channel-types.js';
import { briefLines } from './incident-brief.js';

/**
 * An Adaptive Card in a message, the format Teams incoming webhooks (and Power Automate's
 * "post to a channel when a webhook request is received") accept.
 */
export function teamsPayload(message: OutboundMessage) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: message.title,
              weight: 'Bolder',
              size: 'Medium',
              wrap: true,
            },
            ...message.lines.map((line) => ({ type: 'TextBlock', text: line, wrap: true })),
            {
              type: 'FactSet',
              facts: [
                { title: 'Severity', value: severityLabel(message.severity) },
                ...(message.incident
                  ? briefLines(message.incident).map(({ label, text }) => ({
                      title: label,
                      value: text,
                    }))
                  : []),
              ],
            },
          ],
          ...(message.url
            ? { actions: [{ type: 'Action.OpenUrl', title: 'Open in Meridian', url: message.url }] }
            : {}),
        },
      },
    ],
  };
}

export const teamsChannel = (options: { timeoutMs: number; allowPrivate: boolean }): Channel => ({
  channel: 'TEAMS',
  retry: RETRY_POLICIES.TEAMS,
  configured: true,
  async send(message, target) {
    if (!target.url) throw new Error('a Teams delivery needs its webhook URL');
    const answer = await post(target.url, JSON.stringify(teamsPayload(message)), options);
    return { statusCode: answer.statusCode };
  },
});
