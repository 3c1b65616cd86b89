// Attachments of a project (spec 002 section 7: POST api/attachment with project_id): stored files
// owned by the project, listed on its detail.
import { type FileInfo, FORM_MESSAGES } from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/db/tables/files.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import type { ReceivedUpload } from '../../platform/files/upload';
import { PROJECT_OWNER, requireProject } from './projects';

export async function attachToProject(tx: Tx, projectId: number, upload: ReceivedUpload): Promise<FileInfo> {
  const p = await requireProject(tx, projectId, true).catch(() => {
    throw validationError(FORM_MESSAGES.projectNotFound, { project_id: [FORM_MESSAGES.projectNotFound] });
  });
  const [row] = await tx
    .insert(storedFile)
    .values({ ...upload, purpose: 'attachment', ownerType: PROJECT_OWNER, ownerId: p.id })
    .returning();
  await writeLog(tx, {
    type: 'project',
    id: p.id,
    action: 'upload',
    description: `Bijlage ${upload.filename} toegevoegd aan project ${p.number ?? p.name}`,
    flowId: p.flowId,
  });
  return {
    id: row!.id,
    filename: row!.filename,
    mime_type: row!.mimeType,
    size: row!.size,
    created_at: row!.createdAt.toISOString(),
    url: `/api/attachment/${row!.id}`,
  };
}
