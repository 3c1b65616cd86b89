import {
  EXIF_READ_BYTES,
  OFFLINE_PHOTO_MAX_SIDE,
  OFFLINE_PHOTO_QUALITY,
  type PhotoLocation,
  readPhotoLocation,
} from '@im/domain';

/**
 * A photo as the device keeps it for the outbox (decision 069): turned upright by its EXIF orientation
 * (`imageOrientation: 'from-image'`), at most OFFLINE_PHOTO_MAX_SIDE on its long side, as JPEG. A phone's
 * 4 MB photo becomes a few hundred KB, so fifty of them go up on a weak signal. A photo already small, or one
 * the browser cannot decode (HEIC in Chromium), is kept as it is: the server decodes and turns it anyway.
 */
export async function compressPhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, OFFLINE_PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SMALL_ENOUGH_BYTES) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', OFFLINE_PHOTO_QUALITY),
    );
    return blob && blob.size < file.size ? blob : file;
  } finally {
    bitmap.close();
  }
}

/** A photo under this size is sent as taken. */
const SMALL_ENOUGH_BYTES = 600 * 1024;

/** The kept photo's name: a re-encoded photo is a JPEG whatever it was called. */
export function keptPhotoName(original: string, kept: Blob): string {
  if (kept.type !== 'image/jpeg') return original;
  const dot = original.lastIndexOf('.');
  return `${dot > 0 ? original.slice(0, dot) : original || 'foto'}.jpg`;
}

/**
 * Where a photo was taken (decision 073), read before it is made small (re-encoding drops the EXIF): the
 * photo's own GPS position, else the device's current position when the user already allowed it (never a
 * prompt in the middle of a survey; a position seen in the last two minutes, or none within two seconds).
 */
export async function photoLocationOf(file: Blob): Promise<PhotoLocation | null> {
  try {
    const fromPhoto = readPhotoLocation(new Uint8Array(await file.slice(0, EXIF_READ_BYTES).arrayBuffer()));
    if (fromPhoto) return fromPhoto;
  } catch {
    // Unreadable bytes: no location from the photo.
  }
  return devicePosition();
}

async function devicePosition(): Promise<PhotoLocation | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation || !navigator.permissions) return null;
  try {
    const permission = await navigator.permissions.query({ name: 'geolocation' });
    if (permission.state !== 'granted') return null;
    return await new Promise((resolve) =>
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
        () => resolve(null),
        { maximumAge: 120_000, timeout: 2_000 },
      ),
    );
  } catch {
    return null;
  }
}
