// Where a photo was taken (issue 47, decision 073): read on the device from the photo's EXIF before it is
// made small (re-encoding drops the EXIF), or on the server from a photo sent as taken, and kept beside the
// photo as two numbers. The stored file never carries it (the server strips all metadata).

export interface PhotoLocation {
  lat: number;
  lng: number;
}

export const PHOTO_LOCATION_MESSAGES = {
  invalid: 'De locatie van de foto is ongeldig: geef breedte (-90 tot 90) en lengte (-180 tot 180) samen.',
} as const;

/** A location worth keeping: both numbers in range, and not the 0,0 an unset GPS writes. */
export function isPhotoLocation(lat: number, lng: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0)
  );
}

/** The map the office opens for a photo's place (OpenStreetMap, no key needed). */
export function photoLocationUrl({ lat, lng }: PhotoLocation): string {
  const at = (n: number) => n.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${at(lat)}&mlon=${at(lng)}#map=19/${at(lat)}/${at(lng)}`;
}

/** How many bytes of a JPEG to read for its EXIF: the APP1 segment comes first and is at most 64 KB. */
export const EXIF_READ_BYTES = 128 * 1024;

const GPS_IFD_POINTER = 0x8825;
/** Bytes per value of the TIFF field types (BYTE, ASCII, SHORT, LONG, RATIONAL, UNDEFINED, SLONG, SRATIONAL). */
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };
const TAG = { latRef: 1, lat: 2, lngRef: 3, lng: 4 } as const;

/**
 * The GPS position in a JPEG's EXIF (APP1 'Exif' segment, TIFF IFD0 → GPS IFD: latitude and longitude as
 * three rationals with their N/S and E/W references), or null when the photo carries none or the bytes are
 * not what they claim. Reads only within `bytes`; never throws.
 */
export function readPhotoLocation(bytes: Uint8Array): PhotoLocation | null {
  try {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (view.getUint16(0) !== 0xffd8) return null;
    let at = 2;
    while (at + 4 <= view.byteLength) {
      const marker = view.getUint16(at);
      if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) return null;
      const length = view.getUint16(at + 2);
      if (marker === 0xffe1 && isExifHeader(view, at + 4)) return readTiff(view, at + 10, length - 8);
      at += 2 + length;
    }
    return null;
  } catch {
    return null;
  }
}

function isExifHeader(view: DataView, at: number): boolean {
  // 'Exif' followed by two zero bytes.
  return view.getUint32(at) === 0x45786966 && view.getUint16(at + 4) === 0;
}

function readTiff(view: DataView, start: number, length: number): PhotoLocation | null {
  const tiff = new DataView(view.buffer, view.byteOffset + start, Math.min(length, view.byteLength - start));
  const order = tiff.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  const u16 = (at: number) => tiff.getUint16(at, little);
  const u32 = (at: number) => tiff.getUint32(at, little);
  if (u16(2) !== 42) return null;
  const entries = (ifd: number) => {
    const found = new Map<number, { type: number; count: number; at: number }>();
    const count = u16(ifd);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      const type = u16(entry + 2);
      const n = u32(entry + 4);
      // Values of up to four bytes sit in the entry; larger ones at the offset it gives.
      const size = n * (TYPE_SIZE[type] ?? 8);
      found.set(u16(entry), { type, count: n, at: size <= 4 ? entry + 8 : u32(entry + 8) });
    }
    return found;
  };
  const gpsPointer = entries(u32(4)).get(GPS_IFD_POINTER);
  if (!gpsPointer) return null;
  const gps = entries(u32(gpsPointer.at));
  const degrees = (tag: number) => {
    const value = gps.get(tag);
    if (value?.type !== 5 || value.count !== 3) return null;
    let total = 0;
    for (let i = 0; i < 3; i++) {
      const denominator = u32(value.at + i * 8 + 4);
      if (denominator === 0) return null;
      total += u32(value.at + i * 8) / denominator / 60 ** i;
    }
    return total;
  };
  const reference = (tag: number) => {
    const value = gps.get(tag);
    return value && value.type === 2 ? String.fromCharCode(tiff.getUint8(value.at)) : null;
  };
  const lat = degrees(TAG.lat);
  const lng = degrees(TAG.lng);
  if (lat === null || lng === null) return null;
  const location = {
    lat: reference(TAG.latRef) === 'S' ? -lat : lat,
    lng: reference(TAG.lngRef) === 'W' ? -lng : lng,
  };
  return isPhotoLocation(location.lat, location.lng) ? location : null;
}
