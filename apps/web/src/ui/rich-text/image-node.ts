import { mergeAttributes, Node } from '@tiptap/react';

/**
 * A picture in rich text (`<img src alt width>`), such as one chosen from the media library. The server's
 * sanitiser keeps these three attributes; `width` keeps a large photo from overflowing a mail.
 */
export const ImageNode = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      width: { default: null },
    };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});
