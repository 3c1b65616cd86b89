import type { DocumentKind } from '@im/domain';
import { Alert, Box, Card, Skeleton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useDocumentPreview } from '../queries';

/** The sheet width of the renderer (A4 at 96 dpi). */
const SHEET_WIDTH = 793;
const SHEET_HEIGHT = 1123;

/**
 * The renderer's web HTML in a sandboxed frame: an empty sandbox runs no script and gives the page no
 * origin, so nothing in a widget (custom HTML included) can reach the app. Scaled down to fit.
 */
export function DocumentPreview({ kind, id }: { kind: DocumentKind; id: number }) {
  const { t } = useTranslation();
  const preview = useDocumentPreview(kind, id);
  const { ref, width } = useElementSize();
  const scale = sheetScale(width);

  return (
    <Card withBorder padding="xs" component="section" aria-label={t('common.preview')} bg="gray.1">
      <Box ref={ref} w="100%">
        {preview.isError ? (
          <Alert color="red">{t('documents.previewFailed')}</Alert>
        ) : !preview.data ? (
          <Skeleton h={400} />
        ) : (
          <SandboxedSheet html={preview.data.html} title={t('common.preview')} scale={scale} />
        )}
      </Box>
    </Card>
  );
}

/**
 * One rendered document page by page in an empty sandbox (no script, no origin), scaled to its box:
 * the staff preview and the customer pages use it alike.
 */
export function SandboxedSheet({ html, title, scale }: { html: string; title: string; scale: number }) {
  return (
    <Box h={SHEET_HEIGHT * scale} w={SHEET_WIDTH * scale} mx="auto" style={{ overflow: 'hidden' }}>
      <iframe
        sandbox=""
        srcDoc={html}
        title={title}
        width={SHEET_WIDTH}
        height={SHEET_HEIGHT}
        style={{
          border: 0,
          background: 'white',
          transform: `scale(${scale})`,
          transformOrigin: 'top left',
          display: 'block',
        }}
      />
    </Box>
  );
}

export const sheetScale = (width: number) => (width > 0 ? Math.min(1, width / SHEET_WIDTH) : 1);
