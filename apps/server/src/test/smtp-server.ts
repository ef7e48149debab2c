import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { from: string; to: string[]; raw: string };
export type SmtpCapture = { url: string; messages: CapturedMail[]; stop: () => Promise<void> };

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'smtp-test-password';

/**
 * A real SMTP server on loopback that requires the test credentials and keeps every message it
 * accepts. Plain SMTP without STARTTLS, as a local relay would be.
 */
export async function startSmtpCapture(
  options: {
    /** Recipients refused at RCPT TO with 550, as a server refuses an unknown mailbox. */
    refuse?: (address: string) => boolean;
  } = {},
): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const refusal = Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 });
        callback(refusal);
      } else {
        callback();
      }
    },
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded body of a captured message: undoes quoted-printable soft breaks and escapes. */
export const decodedBody = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    // A run of escaped bytes is UTF-8 (a middle dot is =C2=B7).
    .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(
        run
          .split('=')
          .slice(1)
          .map((hex) => parseInt(hex, 16)),
      ).toString('utf8'),
    );

/** A header's value as a mail reader shows it: folded lines joined, RFC 2047 words decoded. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (line === undefined) return undefined;
  return (
    line
      .slice(name.length + 1)
      .trim()
      // Adjacent encoded words are one run of text: the space between them is not shown.
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodedBody(text.replace(/_/g, ' ')),
      )
  );
}
