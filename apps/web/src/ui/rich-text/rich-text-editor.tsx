import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './tiptap-editor';

export type { RichTextEditorProps } from './tiptap-editor';

const TiptapEditor = lazy(() => import('./tiptap-editor').then((m) => ({ default: m.TiptapEditor })));

/** Loads the editor's code ahead, where a screen knows an editor is about to be shown. */
export const preloadRichTextEditor = () => import('./tiptap-editor').then(() => undefined);

/**
 * Rich text with merge tags (tiptap-editor.tsx). Its code (Tiptap and ProseMirror, about 130 KiB gzip) is
 * fetched when the first editor is shown, not with the screens that may show one: the dashboard and the
 * dossier carry mail dialogs, and the first screen after a login must not wait for an editor no one opened
 * (decision 076). Meanwhile the label and a box of the editor's height hold its place.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} error={props.error ?? undefined}>
          <Skeleton h={props.minHeight ?? 160} radius="sm" aria-busy="true" />
        </Input.Wrapper>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}
