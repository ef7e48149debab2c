import { OutboundError, type PostOptions, post } from '../../lib/outbound-http.js';
import {
  type Channel,
  type DeliveryTarget,
  type OutboundMessage,
  RETRY_POLICIES,
  severityLabel,
} from './channel-types.js';
import { briefLines } from './incident-brief.js';

/** Slack's mrkdwn treats these three as control characters. */
const escapeSlack = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Text as written, never mrkdwn: it has no escape for `*`, `_` or `~`, so a site named
 * "Westport *terminal*" would turn bold. Block Kit's plain_text shows it as it is.
 */
const plain = (text: string) => ({ type: 'plain_text', text, emoji: false });

/**
 * A Block Kit message with a `text` fallback (notifications and old clients show it, as
 * mrkdwn: its control characters escaped). Everything an organization or a feed wrote is
 * plain_text.
 */
export function slackPayload(message: OutboundMessage) {
  const lines = message.lines.map((line) => `• ${line}`).join('\n');
  return {
    text: escapeSlack(`${severityLabel(message.severity)}: ${message.title}`),
    blocks: [
      { type: 'header', text: plain(message.title.slice(0, 150)) },
      ...(lines ? [{ type: 'section', text: plain(lines.slice(0, 3000)) }] : []),
      {
        type: 'context',
        elements: [
          plain(`Severity: ${severityLabel(message.severity)} · Meridian`),
          ...(message.incident
            ? briefLines(message.incident).map(({ label, text }) => plain(`${label}: ${text}`))
            : []),
        ],
      },
      ...(message.url
        ? [
            {
              type: 'actions',
              elements: [{ type: 'button', text: plain('Open in Meridian'), url: message.url }],
            },
          ]
        : []),
    ],
  };
}

/** A reply about more being hit, or an escalation, also shows in the channel itself. */
const SHOWN_IN_CHANNEL: ReadonlySet<OutboundMessage['kind']> = new Set([
  'EXPOSURE_NEW',
  'EXPOSURE_ESCALATED',
]);

/** What chat.postMessage answers: 200 with `ok: false` and an error code when it refused. */
type PostMessageAnswer = { ok?: boolean; error?: string; ts?: string };

/**
 * Posts as a Slack app (chat.postMessage with its bot token): a message continuing an
 * incident's thread replies in it, and more hit or an escalation is also shown in the channel. Answers the
 * posted message's `ts`, where the incident's next messages reply.
 */
async function postAsApp(
  message: OutboundMessage,
  target: DeliveryTarget & { url: string; slack: NonNullable<DeliveryTarget['slack']> },
  options: PostOptions,
): Promise<{ statusCode: number; threadRef?: string }> {
  const body = {
    channel: target.slack.channel,
    ...slackPayload(message),
    unfurl_links: false,
    ...(target.threadRef
      ? {
          thread_ts: target.threadRef,
          ...(SHOWN_IN_CHANNEL.has(message.kind) ? { reply_broadcast: true } : {}),
        }
      : {}),
  };
  const answer = await post(target.url, JSON.stringify(body), {
    ...options,
    contentType: 'application/json; charset=utf-8',
    headers: { authorization: `Bearer ${target.slack.token}` },
  });
  let reply: PostMessageAnswer;
  try {
    reply = JSON.parse(answer.body) as PostMessageAnswer;
  } catch {
    throw new OutboundError('Slack answered something other than JSON', answer.statusCode);
  }
  if (!reply.ok) {
    throw new OutboundError(
      `Slack refused: ${reply.error ?? 'no reason given'}`,
      answer.statusCode,
    );
  }
  return { statusCode: answer.statusCode, ...(reply.ts ? { threadRef: reply.ts } : {}) };
}

export const slackChannel = (options: { timeoutMs: number; allowPrivate: boolean }): Channel => ({
  channel: 'SLACK',
  retry: RETRY_POLICIES.SLACK,
  configured: true,
  async send(message, target) {
    if (!target.url) throw new Error('a Slack delivery needs its webhook URL');
    if (target.slack)
      return postAsApp(message, { ...target, url: target.url, slack: target.slack }, options);
    // An incoming webhook answers "ok" and no message id: no thread to continue.
    const answer = await post(target.url, JSON.stringify(slackPayload(message)), options);
    return { statusCode: answer.statusCode };
  },
});
