import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Database, Tx } from '../db/database';
import { outboxMail } from '../db/tables/mail.schema';
import { type FileStorage, readWhenNeeded } from '../files/storage';
import type { Jobs } from '../jobs/jobs';
import type { Logger } from '../logger';
import { mailSenderHeaders } from './sender';

export const SEND_MAIL_JOB = 'send-mail';
/** Advisory lock class held (with the mail's id) while a mail is handed to the SMTP server. */
const DELIVERY_LOCK = 740_211;
/** One attempt ends well within its job's expiry: connect, greeting and each silence are bounded. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 45_000 };
export const MAIL_EXPIRE_SECONDS = 120;
export const MAIL_INTERRUPTED =
  'Verzending onderbroken doordat de server stopte; niet opnieuw verstuurd, zodat de ontvanger de mail niet dubbel krijgt.';

/** `<uuid@domain of the sender>`: the Message-ID every attempt of one mail carries. */
function newMessageId(from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'installatiemanager.local';
  return `<${randomUUID()}@${domain}>`;
}

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
 * Delivery is at most once (decision 034): an attempt marks the mail `sending` and holds an advisory
 * lock while the SMTP server has it; a mail found `sending` with nobody holding its lock was cut off
 * by a dead process and may have arrived, so it becomes `interrupted` and is never sent again (on the
 * next attempt of its job, or at once by the recovery every process runs at start and every minute).
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
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS } as never)
      : null;
    jobs.defineJob({
      name: SEND_MAIL_JOB,
      payload: z.object({ id: z.number().int() }),
      retryLimit: 5,
      expireInSeconds: MAIL_EXPIRE_SECONDS,
      handle: ({ id }) => this.deliver(id),
    });
    if (this.transport) jobs.onRecovery(() => this.recoverInterrupted());
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
        messageId: newMessageId(this.options.from),
        status: this.transport ? 'queued' : 'kept',
      })
      .returning({ id: outboxMail.id });
    if (this.transport) await this.jobs.send(tx, SEND_MAIL_JOB, { id: row!.id });
    return row!.id;
  }

  /** Delivers one mail at most once; the job's retries cover a refusal, never an interrupted attempt. */
  async deliver(id: number): Promise<void> {
    if (!this.transport) return;
    const client = await this.db.sessionPool.connect();
    try {
      const lock = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
        DELIVERY_LOCK,
        id,
      ]);
      // Another process is handing it over right now: try again later, when its outcome is known.
      if (!lock.rows[0]!.ok) throw new Error(`Mail ${id} wordt al verstuurd.`);
      try {
        await this.deliverLocked(id);
      } finally {
        await client.query('select pg_advisory_unlock($1, $2)', [DELIVERY_LOCK, id]).catch(() => {});
      }
    } finally {
      client.release();
    }
  }

  private async deliverLocked(id: number): Promise<void> {
    const transport = this.transport!;
    // The check before sending: only a mail nobody has handed to the SMTP server yet is claimed.
    const [mail] = await this.db.platform((tx) =>
      tx
        .update(outboxMail)
        .set({ status: 'sending', attempts: sql`${outboxMail.attempts} + 1` })
        .where(and(eq(outboxMail.id, id), inArray(outboxMail.status, ['queued', 'failed'])))
        .returning(),
    );
    if (!mail) {
      const interrupted = await this.markInterrupted(id);
      if (interrupted) this.logger.warn({ mailId: id }, 'mail delivery was interrupted; not sent again');
      return;
    }
    const attachments = [];
    try {
      for (const a of mail.attachments) {
        if (!(await this.storage.exists(a.storageKey)))
          throw new Error(`Bijlage ${a.filename} ontbreekt in de opslag.`);
        // Opened as nodemailer reads it: one connection to the file store at a time.
        const content = readWhenNeeded(this.storage, a.storageKey);
        attachments.push({
          filename: a.filename,
          contentType: a.mimeType,
          content,
          ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}),
        });
      }
      await transport.sendMail({
        from: mail.fromAddress,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
      await this.db.platform((tx) =>
        tx
          .update(outboxMail)
          .set({ status: 'sent', sentAt: new Date(), error: null })
          .where(eq(outboxMail.id, id)),
      );
    } catch (err) {
      for (const a of attachments) a.content.destroy();
      const message = err instanceof Error ? err.message : String(err);
      this.logger.warn({ mailId: id, err: message }, 'mail delivery failed');
      await this.db.platform((tx) =>
        tx
          .update(outboxMail)
          .set({ status: 'failed', error: message.slice(0, 1000) })
          .where(eq(outboxMail.id, id)),
      );
      throw err; // the job queue retries with backoff
    }
  }

  /** A mail left `sending` (its attempt's process is gone: the caller holds or checked its lock). */
  private async markInterrupted(id: number): Promise<boolean> {
    const rows = await this.db.platform((tx) =>
      tx
        .update(outboxMail)
        .set({ status: 'interrupted', error: MAIL_INTERRUPTED })
        .where(and(eq(outboxMail.id, id), eq(outboxMail.status, 'sending')))
        .returning({ id: outboxMail.id }),
    );
    return rows.length > 0;
  }

  /** Mails left `sending` by a process that died: interrupted at once, not after their job expires. */
  async recoverInterrupted(): Promise<void> {
    const sending = await this.db.platform((tx) =>
      tx.select({ id: outboxMail.id }).from(outboxMail).where(eq(outboxMail.status, 'sending')),
    );
    if (sending.length === 0) return;
    const client = await this.db.sessionPool.connect();
    try {
      for (const { id } of sending) {
        const lock = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
          DELIVERY_LOCK,
          id,
        ]);
        if (!lock.rows[0]!.ok) continue; // a live process is delivering it
        try {
          if (await this.markInterrupted(id))
            this.logger.warn({ mailId: id }, 'mail delivery was interrupted; not sent again');
        } finally {
          await client.query('select pg_advisory_unlock($1, $2)', [DELIVERY_LOCK, id]);
        }
      }
    } finally {
      client.release();
    }
  }

  close(): void {
    this.transport?.close();
  }
}
