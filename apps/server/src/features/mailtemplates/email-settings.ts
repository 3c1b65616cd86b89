import type { EmailSettings } from '@im/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { type ImageSlot, imageUrl } from '../companies';
import { fileInfo } from './attached-files';
import { listContactTemplates } from './contact-templates';
import { loadMailSender } from './mail-sender';
import { listMailTemplates } from './mail-templates';
import { listMessageTemplates } from './message-templates';

export async function emailSettings(tx: Tx): Promise<EmailSettings> {
  const [settings] = await tx.select().from(companySettings).limit(1);
  if (!settings) throw new Error('Company settings missing');
  const url = (slot: ImageSlot, fileId: number | null) => (fileId ? imageUrl(settings.id, slot) : null);
  const shared = await tx
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.purpose, 'flowfile'), eq(storedFile.ownerType, 'company')))
    .orderBy(asc(storedFile.filename), asc(storedFile.id));
  return {
    sender: await loadMailSender(tx),
    company_settings_id: settings.id,
    images: {
      emailheader: url('emailheader', settings.emailHeaderFileId),
      emailfooter: url('emailfooter', settings.emailFooterFileId),
      customerbackground: url('customerbackground', settings.customerBackgroundFileId),
    },
    mailtemplates: await listMailTemplates(tx),
    messagetemplates: await listMessageTemplates(tx),
    contacttemplates: await listContactTemplates(tx),
    flowfiles: shared.map((f) => ({ ...fileInfo(f), url: `/api/flowfile/${f.id}` })),
  };
}
