import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, decoded enough to assert on. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  subject: string;
  to: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** SMTP_URL for the server under test: plain SMTP on loopback, no TLS attempt. */
  url: string;
  received: ReceivedMail[];
  /** Number of DATA commands seen, accepted or not. */
  attempts: number;
  /** Resolves once `count` messages were received, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port that keeps every message it accepts.
 * `reject(attempt)` may return an error message to refuse that delivery attempt (1-based) with a 4xx.
 */
export async function startSmtpSink(
  options: { reject?: (attempt: number) => string | null } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sink = { attempts: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        sink.attempts++;
        const refusal = options.reject?.(sink.attempts) ?? null;
        if (refusal) {
          const err = Object.assign(new Error(refusal), { responseCode: 451 });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          ...parseMessage(raw),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    get attempts() {
      return sink.attempts;
    },
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until)
          throw new Error(`expected ${count} mails within ${timeoutMs} ms, got ${received.length}`);
        await sleep(100);
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Splits a header block into lower-cased names and unfolded values. */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function splitHeadBody(raw: string): [string, string] {
  const i = raw.search(/\r?\n\r?\n/);
  if (i < 0) return [raw, ''];
  const sep = raw.slice(i).match(/^\r?\n\r?\n/)![0];
  return [raw.slice(0, i), raw.slice(i + sep.length)];
}

export function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function parseMessage(raw: string): Omit<ReceivedMail, 'envelopeFrom' | 'envelopeTo' | 'raw'> {
  const [head, body] = splitHeadBody(raw);
  const headers = parseHeaders(head);
  const parts: { type: string; content: string }[] = [];
  const collect = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const sections = b.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break;
        const [ph, pb] = splitHeadBody(section.replace(/^\r?\n/, ''));
        collect(parseHeaders(ph), pb.replace(/\r?\n$/, ''));
      }
      return;
    }
    parts.push({
      type: type.split(';')[0]!.trim().toLowerCase(),
      content: decodeBody(b, h['content-transfer-encoding']),
    });
  };
  collect(headers, body);
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    to: decodeWords(headers.to ?? ''),
    text: parts.find((p) => p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content ?? '',
  };
}
