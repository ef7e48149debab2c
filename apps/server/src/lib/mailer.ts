import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config.js';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** A slow or silent SMTP server must not hold an API request for nodemailer's 2-minute default. */
const SMTP_TIMEOUT_MS = 10_000;

/** Sends e-mail through the configured SMTP server; without one, sends nothing. */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly config: AppConfig['mail'],
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          // A few kept connections carry many messages (alert bursts) without a handshake each.
          pool: true,
          maxConnections: 8,
          maxMessages: 500,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        })
      : null;
  }

  /** Closes the pooled connections (on shutdown). */
  close(): void {
    this.transport?.close();
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  /** Sends or throws: for callers that retry (alert deliveries). */
  async deliver(message: MailMessage, headers: Record<string, string> = {}): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is not set');
    await this.transport.sendMail({ from: this.config.from, ...message, headers });
  }

  /**
   * Whether the SMTP server accepted the message. A failure is logged, not thrown: e-mail is a
   * convenience on top of changes that have already been saved.
   */
  async send(message: MailMessage, context: Record<string, unknown> = {}): Promise<boolean> {
    if (!this.transport) return false;
    try {
      await this.transport.sendMail({ from: this.config.from, ...message });
      return true;
    } catch (err) {
      this.log.warn({ err, ...context }, 'E-mail could not be sent');
      return false;
    }
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
