import type { SearchHit } from '@im/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hitContext } from '../hit-link';

/** A hit's snippet with the matched words marked (<mark>: read out as highlighted by screen readers). */
export function Snippet({ parts, lineClamp = 2 }: { parts: SearchHit['snippet']; lineClamp?: number }) {
  if (parts.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" lineClamp={lineClamp}>
      {parts.map((part, i) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed text, never reordered
          <mark key={i}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

/** Under a hit's title: the flow and customer it belongs to, then its snippet (top bar and results screen). */
export function HitDetails({ hit, lineClamp }: { hit: SearchHit; lineClamp: number }) {
  const { t } = useTranslation();
  const context = hitContext(t, hit);
  return (
    <>
      {context && (
        <Text size="xs" c="dimmed" lineClamp={lineClamp}>
          {context}
        </Text>
      )}
      <Snippet parts={hit.snippet} lineClamp={lineClamp} />
    </>
  );
}
