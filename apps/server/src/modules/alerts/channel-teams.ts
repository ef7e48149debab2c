import { post } from '../../lib/outbound-http.js';
import {
  type Channel,
  type OutboundMessage,
  RETRY_POLICIES,
  severityLabel,
} from './channel-types.js';
import { briefLines } from './incident-brief.js';

/**
 * Text as it is, never Markdown: a TextBlock (and a FactSet's value) renders Markdown, so an
 * incident titled "Strike *at* [Port] Klang" would lose its stars and become a link, and
 * backslash escapes render differently in Teams on desktop, web and phones. A TextRun in a
 * RichTextBlock takes no Markdown at all.
 */
const plain = (text: string, style: Record<string, string> = {}) => ({
  type: 'TextRun',
  text,
  ...style,
});
const paragraph = (...inlines: ReturnType<typeof plain>[]) => ({
  type: 'RichTextBlock',
  inlines,
});

/**
 * An Adaptive Card in a message, the format Teams incoming webhooks (and Power Automate's
 * "post to a channel when a webhook request is received") accept. Everything an organization
 * or a feed wrote is shown as plain text.
 */
export function teamsPayload(message: OutboundMessage) {
  const facts = [
    { label: 'Severity', text: severityLabel(message.severity) },
    ...(message.incident ? briefLines(message.incident) : []),
  ];
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
            paragraph(plain(message.title, { weight: 'Bolder', size: 'Medium' })),
            ...message.lines.map((line) => paragraph(plain(line))),
            {
              type: 'Container',
              spacing: 'Medium',
              items: facts.map(({ label, text }) =>
                paragraph(plain(`${label}: `, { weight: 'Bolder' }), plain(text)),
              ),
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
