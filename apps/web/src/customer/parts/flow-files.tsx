import { CUSTOMER_TEXTS, type FileInfo } from '@im/domain';
import { type ChangeEvent, useState } from 'react';
import { customerApi, isImageOrPdf, messageOf } from '../api';
import { formatDate, formatSize } from '../format';
import { TX } from '../texts';
import { Alert, FileButton, Section } from '../ui';

/**
 * The files the customer shared on the dossier: a photo or PDF to upload (anything else is refused
 * here already, with the spec's text), the list, each opening at its url.
 */
export function FlowFiles({
  flowHash,
  files,
  onChanged,
}: {
  flowHash: string;
  files: FileInfo[];
  onChanged: () => Promise<void> | void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    setDone(null);
    setError(null);
    if (!file) return;
    if (!isImageOrPdf(file)) {
      setError(CUSTOMER_TEXTS.uploadOnlyImagesAndPdf);
      return;
    }
    const body = new FormData();
    body.append('hash', flowHash);
    body.append('file', file);
    setBusy(true);
    try {
      await customerApi.post<FileInfo>('/api/flowfile/storebycustomer', body);
      setDone(TX.uploaded(file.name));
      await onChanged();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={TX.files}>
      {files.length === 0 ? (
        <p className="c-muted">{TX.noFiles}</p>
      ) : (
        <ul className="c-list">
          {files.map((f) => (
            <li key={f.id} className="c-list__item">
              <a href={f.url} target="_blank" rel="noopener noreferrer">
                {f.filename}
              </a>
              <span className="c-muted">
                {formatSize(f.size)} · {formatDate(f.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <div className="c-actions">
        <FileButton
          label={busy ? TX.uploading : TX.uploadFile}
          accept="image/*,application/pdf"
          busy={busy}
          onChange={onFile}
        />
      </div>
    </Section>
  );
}
