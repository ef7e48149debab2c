import { escapeHtml, type Mailer } from '../../lib/mailer.js';
import { OutboundError } from '../../lib/outbound-http.js';
import {
  type Channel,
  type OutboundMessage,
  RETRY_POLICIES,
  severityLabel,
} from './channel-types.js';
import { briefLines } from './incident-brief.js';

export function emailOf(message: OutboundMessage) {
  const severity = severityLabel(message.severity);
  const facts = [
    { label: 'Severity', text: severity },
    ...(message.incident ? briefLines(message.incident) : []),
  ];
  const text = [
    message.title,
    '',
    ...message.lines.map((line) => `- ${line}`),
    '',
    ...facts.map(({ label, text: value }) => `${label}: ${value}`),
    ...(message.url ? ['', `Open in Meridian: ${message.url}`] : []),
    '',
    'You receive this because of your notification settings in Meridian.',
    ...(message.manageUrl ? [`Manage these alerts: ${message.manageUrl}`] : []),
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(message.title)}</title></head><body style="font-family:system-ui,sans-serif;color:#0f172a;background:#ffffff">
<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(message.title)}</h2>
<ul>${message.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<table style="border-collapse:collapse;font-size:14px">${facts
    .map(
      ({ label, text: value }) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#475569;font-weight:600;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:2px 0;vertical-align:top">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
${message.url ? `<p><a href="${escapeHtml(message.url)}">Open in Meridian</a></p>` : ''}
<p style="color:#64748b;font-size:12px">You receive this because of your notification settings in Meridian.${
    message.manageUrl
      ? ` <a href="${escapeHtml(message.manageUrl)}" style="color:#64748b">Manage these alerts</a>`
      : ''
  }</p>
</body></html>`;
  const priority = message.incident?.priority ? `${message.incident.priority} · ` : '';
  return { subject: `[Meridian] ${priority}${severity}: ${message.title}`, text, html };
}

const messageId = (deliveryId: string) => `<${deliveryId}@meridian>`;

/**
 * Its Message-ID (the delivery's: the same on every retry); for a later message about an
 * incident, In-Reply-To and References the recipient's first one, so a mail client shows one
 * thread per incident; List-Unsubscribe leads to the recipient's notification settings.
 */
export function emailHeaders(message: OutboundMessage): Record<string, string> {
  return {
    'Message-ID': messageId(message.deliveryId),
    ...(message.threadRootId
      ? {
          'In-Reply-To': messageId(message.threadRootId),
          References: messageId(message.threadRootId),
        }
      : {}),
    ...(message.manageUrl ? { 'List-Unsubscribe': `<${message.manageUrl}>` } : {}),
  };
}

/**
 * An attempt gives up after `timeoutMs` (within the delivery's lease); a retry carries the same
 * Message-ID, by which mail clients drop a copy an abandoned attempt may still have sent.
 */
export const emailChannel = (mailer: Mailer, timeoutMs: number): Channel => ({
  channel: 'EMAIL',
  retry: RETRY_POLICIES.EMAIL,
  configured: mailer.configured,
  async send(message, target) {
    if (!mailer.configured) throw new OutboundError('SMTP_URL is not set');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new OutboundError(`no answer from SMTP within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([
        mailer.deliver({ to: target.recipient, ...emailOf(message) }, emailHeaders(message)),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
    return { statusCode: null };
  },
});
