import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The renderer's sheet width (A4 at 96 dpi) and one page's height. */
export const SHEET_WIDTH = 793;
const PAGE_HEIGHT = 1123;

/**
 * The frame's width: the width the page gives it, at most the A4 sheet's. The document's own style
 * sheet lays itself out for that width (on a phone: readable text, a calculation line as a block of
 * labelled values; decision 038), so nothing is scaled down.
 */
export const sheetWidth = (boxWidth: number) =>
  boxWidth > 0 ? Math.min(SHEET_WIDTH, boxWidth) : SHEET_WIDTH;

/** The height of the frame's document as laid out: its root's box, not the frame's own height. */
function contentHeight(frame: HTMLIFrameElement | null): number {
  try {
    const root = frame?.contentDocument?.documentElement;
    return root ? Math.ceil(root.getBoundingClientRect().height) : 0;
  } catch {
    // Not readable: one page high, the frame scrolls.
    return 0;
  }
}

/**
 * The document's sent HTML in a sandboxed frame as wide as the page allows. The sandbox allows no
 * script, form, popup or navigation of the page; `allow-same-origin` (without scripts nothing in
 * the frame can use it) only lets this page read the document's height, so the whole document shows
 * without a scroll box inside the page (decision 024); it is read again whenever the width changes,
 * as the document reflows. The staff preview (SandboxedSheet) keeps the scaled A4 sheet.
 */
export function Sheet({ html, title }: { html: string; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const [height, setHeight] = useState(PAGE_HEIGHT);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setBoxWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const fit = useCallback(() => {
    const full = contentHeight(frame.current);
    if (full > 0) setHeight(full);
  }, []);

  const width = sheetWidth(boxWidth);
  // The frame has its new width once React has set it: the document reflowed, read its height again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the width is the trigger, not an input
  useLayoutEffect(() => fit(), [width, fit]);

  return (
    <div className="c-sheet" ref={box}>
      <iframe
        ref={frame}
        sandbox="allow-same-origin"
        srcDoc={html}
        title={title}
        width={width}
        height={height}
        onLoad={fit}
      />
    </div>
  );
}
