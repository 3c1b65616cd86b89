import { useEffect, useRef, useState } from 'react';

/** The renderer's sheet width (A4 at 96 dpi) and one page's height. */
export const SHEET_WIDTH = 793;
const PAGE_HEIGHT = 1123;

export const sheetScale = (width: number) => (width > 0 ? Math.min(1, width / SHEET_WIDTH) : 1);

/**
 * The document's sent HTML in a sandboxed frame, scaled to the width it has. The sandbox allows no
 * script, form, popup or navigation of the page; `allow-same-origin` (without scripts nothing in
 * the frame can use it) only lets this page read the sheet's height, so the whole document shows
 * without a scroll box inside the page (decision 024). The staff preview (SandboxedSheet) is the
 * same idea without the height.
 */
export function Sheet({ html, title }: { html: string; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [width, setWidth] = useState(0);
  const [height, setHeight] = useState(PAGE_HEIGHT);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onLoad = () => {
    try {
      const doc = frame.current?.contentDocument;
      const full = doc ? Math.max(doc.documentElement.scrollHeight, doc.body?.scrollHeight ?? 0) : 0;
      if (full > 0) setHeight(full);
    } catch {
      // Not readable: one page high, the frame scrolls.
    }
  };

  const scale = sheetScale(width);
  return (
    <div className="c-sheet" ref={box}>
      <div
        style={{ width: SHEET_WIDTH * scale, height: height * scale, overflow: 'hidden', margin: '0 auto' }}
      >
        <iframe
          ref={frame}
          sandbox="allow-same-origin"
          srcDoc={html}
          title={title}
          width={SHEET_WIDTH}
          height={height}
          onLoad={onLoad}
          style={{ transform: `scale(${scale})` }}
        />
      </div>
    </div>
  );
}
