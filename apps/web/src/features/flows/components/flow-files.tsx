import { FileListCard } from '../../../ui/files/file-list-card';
import { type FileKind, useDeleteFile, useRenameFile, useUploadFile } from '../mutations';
import type { FileInfo } from '../types';

interface FlowFilesProps {
  flowId: number;
  kind: FileKind;
  title: string;
  files: FileInfo[];
}

/** The flow's files or assist files. */
export function FlowFiles({ flowId, kind, title, files }: FlowFilesProps) {
  const upload = useUploadFile(flowId, kind);
  const remove = useDeleteFile(flowId, kind);
  const rename = useRenameFile(flowId, kind);
  return (
    <FileListCard
      title={title}
      files={files}
      uploading={upload.isPending}
      onUpload={(file) => upload.mutateAsync(file)}
      onDelete={(file) => remove.mutateAsync(file.id)}
      onRename={(file, filename) => rename.mutateAsync({ fileId: file.id, filename })}
    />
  );
}
