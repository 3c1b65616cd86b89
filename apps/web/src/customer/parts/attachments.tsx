import type { CustomerDocument } from '@im/domain';
import { TX } from '../texts';
import { Section } from '../ui';

/** The document's attachments, each opening at its own (hash-checked) url. */
export function Attachments({ attachments }: { attachments: CustomerDocument['attachments'] }) {
  if (attachments.length === 0) return null;
  return (
    <Section title={TX.attachments}>
      <ul className="c-list">
        {attachments.map((a) => (
          <li key={a.id} className="c-list__item">
            <a href={a.url} target="_blank" rel="noopener noreferrer">
              {a.filename}
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
