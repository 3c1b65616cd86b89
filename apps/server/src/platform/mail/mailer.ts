import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Database, Tx } from '../db/database';
import type { FileStorage } from '../files/storage';
import type { Jobs } from '../jobs/jobs';
import type { Logger } from '../logger';
import { outboxMail } from './mail.schema';
import { mailSenderHeaders } from './sender';

export const SEND_MAIL_JOB = 'send-mail';

export interface MailAttachment {
  storageKey: string;
  filename: string;
  mimeType: string;
  /** Set for an image shown in the HTML body (`<img src="cid:...">`) rather than attached. */
  cid?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stored files, read from the file storage at delivery (so a retry sends the same bytes). */
  attachments?: MailAttachment[];
  /** The flow the mail is about: its handler is the Reply-To when the company chose so. */
  flowId?: number;
  /** A mail of the platform itself (a password reset): from the platform, not in the company's name. */
  platform?: boolean;
}

/**
 * Every mail is written to the outbox in the caller's transaction. With SMTP configured a job
 * delivers it (retried on failure); without SMTP it stays in the outbox, readable by platform admins.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly options: { smtpUrl?: string; from: string },
    private readonly db: Database,
    private readonly jobs: Jobs,
    private readonly logger: Logger,
    private readonly storage: FileStorage,
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    jobs.defineJob({
      name: SEND_MAIL_JOB,
      payload: z.object({ id: z.number().int() }),
      retryLimit: 5,
      handle: ({ id }) => this.deliver(id),
    });
  }

  get isSmtpConfigured(): boolean {
    return this.transport !== null;
  }

  /**
   * Queues a mail for the transaction's company: the one place every mail is built, so every mail goes
   * out in the company's name with its Reply-To (sender.ts); the platform's address stays the sender.
   */
  async queue(tx: Tx, message: MailMessage): Promise<number> {
    const sender = message.platform
      ? { from: this.options.from, replyTo: null }
      : await mailSenderHeaders(tx, this.options.from, message.flowId);
    const [row] = await tx
      .insert(outboxMail)
      .values({
        toAddress: message.to,
        fromAddress: sender.from,
        replyTo: sender.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments ?? [],
        status: this.transport ? 'queued' : 'kept',
      })
      .returning({ id: outboxMail.id });
    if (this.transport) await this.jobs.send(tx, SEND_MAIL_JOB, { id: row!.id });
    return row!.id;
  }

  private async deliver(id: number): Promise<void> {
    const mail = await this.db.platform((tx) =>
      tx
        .select()
        .from(outboxMail)
        .where(eq(outboxMail.id, id))
        .then((r) => r[0]),
    );
    if (!mail || mail.status === 'sent' || !this.transport) return;
    try {
      const attachments = [];
      for (const a of mail.attachments) {
        const content = await this.storage.get(a.storageKey);
        if (!content) throw new Error(`Bijlage ${a.filename} ontbreekt in de opslag.`);
        attachments.push({
          filename: a.filename,
          contentType: a.mimeType,
          content,
          ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}),
        });
      }
      await this.transport.sendMail({
        from: mail.fromAddress,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments,
      });
      await this.db.platform((tx) =>
        tx
          .update(outboxMail)
          .set({ status: 'sent', sentAt: new Date(), error: null, attempts: mail.attempts + 1 })
          .where(eq(outboxMail.id, id)),
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.logger.warn({ mailId: id, err: message }, 'mail delivery failed');
      await this.db.platform((tx) =>
        tx
          .update(outboxMail)
          .set({ status: 'failed', error: message.slice(0, 1000), attempts: mail.attempts + 1 })
          .where(eq(outboxMail.id, id)),
      );
      throw err; // the job queue retries with backoff
    }
  }

  close(): void {
    this.transport?.close();
  }
}
