import '@mantine/tiptap/styles.css';
import './rich-text.css';
import { MERGE_TAGS } from '@im/domain';
import { Input, Menu } from '@mantine/core';
import { Link, RichTextEditor as MantineRichTextEditor } from '@mantine/tiptap';
import { IconBraces, IconPhoto } from '@tabler/icons-react';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPickerModal } from '../media-picker/media-picker.modal';
import { ImageNode } from './image-node';

/** A chosen picture is at most this wide in the text (a mail is about 640 px). */
const MAX_IMAGE_WIDTH = 600;

/** The Dutch labels of the editor's controls (Mantine's are English). */
const LABELS = {
  boldControlLabel: 'Vet',
  italicControlLabel: 'Cursief',
  underlineControlLabel: 'Onderstrepen',
  strikeControlLabel: 'Doorhalen',
  clearFormattingControlLabel: 'Opmaak wissen',
  linkControlLabel: 'Link',
  unlinkControlLabel: 'Link weghalen',
  bulletListControlLabel: 'Opsomming',
  orderedListControlLabel: 'Genummerde lijst',
  h2ControlLabel: 'Kop',
  h3ControlLabel: 'Subkop',
  undoControlLabel: 'Ongedaan maken',
  redoControlLabel: 'Opnieuw',
  linkEditorInputLabel: 'Adres van de link',
  linkEditorInputPlaceholder: 'https://voorbeeld.nl',
  linkEditorExternalLink: 'In een nieuw venster openen',
  linkEditorInternalLink: 'In hetzelfde venster openen',
  linkEditorSave: 'Opslaan',
};

/** The rich-text editor's props (rich-text-editor.tsx shows it, this file is its code). */
export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
  withMergeTags?: boolean;
  /** A toolbar button that inserts a picture of the media library (mail templates). */
  withImages?: boolean;
  minHeight?: number;
}

/**
 * Rich text (Tiptap through @mantine/tiptap) with a menu that inserts merge tags. The HTML it
 * produces is sanitised again on the server before it is stored or sent (decision 019). Loaded with the
 * first editor shown (`RichTextEditor` in rich-text-editor.tsx), not with every screen that may show one.
 */
export function TiptapEditor({
  label,
  value,
  onChange,
  error,
  withMergeTags = true,
  withImages = false,
  minHeight = 160,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [isPicking, setPicking] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link, ImageNode],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // A new value from outside (a template chosen, a draft loaded) replaces the content. Never on an editor
  // already destroyed (its dialog closing, the editor made anew): reading its HTML then throws, and the
  // error took the whole screen down to the error page (a mail sent from the send dialog, decision 078).
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error}>
      <MantineRichTextEditor editor={editor} labels={LABELS} style={{ marginTop: 4 }}>
        <MantineRichTextEditor.Toolbar>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Bold />
            <MantineRichTextEditor.Italic />
            <MantineRichTextEditor.Underline />
            <MantineRichTextEditor.ClearFormatting />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.H2 />
            <MantineRichTextEditor.H3 />
            <MantineRichTextEditor.BulletList />
            <MantineRichTextEditor.OrderedList />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Link />
            <MantineRichTextEditor.Unlink />
          </MantineRichTextEditor.ControlsGroup>
          {withImages && (
            <MantineRichTextEditor.Control
              aria-label={t('mediaPicker.insertImage')}
              title={t('mediaPicker.insertImage')}
              onClick={() => setPicking(true)}
            >
              <IconPhoto size={16} />
            </MantineRichTextEditor.Control>
          )}
          {withMergeTags && (
            <Menu position="bottom-start" withinPortal shadow="md" width={300}>
              <Menu.Target>
                <MantineRichTextEditor.Control
                  aria-label={t('richText.mergeTags')}
                  title={t('richText.mergeTags')}
                >
                  <IconBraces size={16} />
                </MantineRichTextEditor.Control>
              </Menu.Target>
              <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
                {MERGE_TAGS.map((tag) => (
                  <Menu.Item
                    key={tag.tag}
                    onClick={() => editor?.chain().focus().insertContent(`{{ ${tag.tag} }}`).run()}
                  >
                    {tag.description}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.Content style={{ minHeight }} className="im-rich-text" />
      </MantineRichTextEditor>
      {withImages && (
        <MediaPickerModal
          opened={isPicking}
          onClose={() => setPicking(false)}
          onPick={(file) => {
            if (!file.public_url) return;
            const width = file.width ? Math.min(file.width, MAX_IMAGE_WIDTH) : null;
            editor
              ?.chain()
              .focus()
              .insertContent({ type: 'image', attrs: { src: file.public_url, alt: file.filename, width } })
              .run();
          }}
        />
      )}
    </Input.Wrapper>
  );
}
