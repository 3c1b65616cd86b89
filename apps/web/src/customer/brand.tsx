import {
  type Branding,
  type CustomerCompany,
  contrast,
  type Rgb,
  readableTextColor,
  rgbOf,
  WHITE,
} from '@im/domain';
import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { customerApi, enc, isPreview } from './api';
import { TX } from './texts';

// The installer's brand on every customer page: name, logo, background picture and button colour
// (the company settings, or the host's branding when the page has no company, e.g. on an error).

/** The brand as the frame uses it: what a company or a host branding gives. */
export interface Brand {
  name: string;
  logo_url: string | null;
  background_url: string | null;
  brand_button_color: string | null;
  email?: string;
  phone?: string;
}

export const brandOfCompany = (c: CustomerCompany): Brand => ({
  name: c.name || c.appname,
  logo_url: c.logo_url,
  background_url: c.background_url,
  brand_button_color: c.brand_button_color,
  email: c.email,
  phone: c.phone,
});

const DEFAULT_COLOR = '#1d4ed8';

const hexOf = (rgb: Rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * The colours of a brand colour, each readable at 4.5:1 or more: the button (the brand colour itself)
 * with white or black text, and the brand colour as text on white (darkened until it reads).
 */
export function brandColors(color: string | null | undefined): {
  button: string;
  buttonText: string;
  ink: string;
} {
  const rgb = (color && rgbOf(color)) || (rgbOf(DEFAULT_COLOR) as Rgb);
  const buttonText = readableTextColor(hexOf(rgb));
  let ink = rgb;
  for (let i = 0; i < 20 && contrast(ink, WHITE) < 4.5; i++)
    ink = ink.map((v) => Math.round(v * 0.85)) as Rgb;
  return { button: hexOf(rgb), buttonText, ink: hexOf(ink) };
}

/**
 * A brand image (logo, background) by URL. The server answers 200 with `x-imagestatus: unavailable`
 * when there is none: then nothing shows.
 */
export function useBrandImage(url: string | null | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    setSrc(null);
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetch(url, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok || response.headers.get('x-imagestatus') === 'unavailable') return;
        const type = response.headers.get('content-type') ?? '';
        if (type && !type.startsWith('image/')) return;
        const blob = await response.blob();
        if (blob.size === 0 || controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}

/** The host's branding, for a page without a company (an unknown or deleted link). */
export function useHostBrand(enabled: boolean): Brand | null {
  const [brand, setBrand] = useState<Brand | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    customerApi
      .get<Partial<Branding>>(
        `/api/portal/branding/hostname/${enc(window.location.hostname)}`,
        controller.signal,
      )
      .then((b) =>
        setBrand({
          name: b.appname || '',
          logo_url: b.logo_url ?? null,
          background_url: b.background_url ?? null,
          brand_button_color: b.brand_button_color ?? null,
        }),
      )
      .catch(() => {});
    return () => controller.abort();
  }, [enabled]);
  return brand;
}

/** Sets the browser tab's title while a page shows. */
export function useTitle(title: string | null): void {
  useLayoutEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/**
 * The customer page's frame: the installer's logo and name on top, their background picture behind
 * the content, their button colour on buttons and links. No staff navigation.
 */
export function Frame({ brand, children }: { brand: Brand | null; children: ReactNode }) {
  const logo = useBrandImage(brand?.logo_url);
  const background = useBrandImage(brand?.background_url);
  const { button, buttonText, ink } = brandColors(brand?.brand_button_color);
  // On the root element, so dialogs (rendered outside the page) carry the brand as well; before the
  // first paint, so no other colour flashes.
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--brand', button);
    root.setProperty('--brand-text', buttonText);
    root.setProperty('--brand-ink', ink);
  }, [button, buttonText, ink]);
  const style: CSSProperties = background ? { backgroundImage: `url("${background}")` } : {};
  return (
    <div className={`c-page${background ? ' c-page--picture' : ''}`} style={style}>
      <header className="c-header">
        <div className="c-wrap c-header__inner">
          {logo && brand && <img className="c-logo" src={logo} alt={TX.logo(brand.name)} />}
          <span className="c-company">{brand?.name || '\u00a0'}</span>
        </div>
      </header>
      <main className="c-wrap c-main">
        {isPreview() && <p className="c-preview">{TX.preview}</p>}
        {children}
      </main>
      {brand && (brand.email || brand.phone) && (
        <footer className="c-wrap c-footer">
          <span>{TX.contact}: </span>
          {brand.phone && <a href={`tel:${brand.phone.replace(/[^\d+]/g, '')}`}>{brand.phone}</a>}
          {brand.phone && brand.email && ' · '}
          {brand.email && <a href={`mailto:${brand.email}`}>{brand.email}</a>}
        </footer>
      )}
    </div>
  );
}
