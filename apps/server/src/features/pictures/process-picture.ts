// Photos are made safe and small on the server (issue: "thumbnails made on the server ... EXIF
// orientation is honoured, EXIF location is stripped"): every upload is decoded and re-encoded, which
// applies the EXIF orientation and drops all metadata (EXIF with GPS, XMP, IPTC), and a 400 px wide
// thumbnail is made next to it.
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { AppError } from '../../platform/errors';

// One libvips worker thread per image and no operation cache: with the queue below at most one photo is
// decoded at a time, so two cores keep one free for the API and memory is that of the photo in hand.
sharp.concurrency(1);
sharp.cache(false);

/** Customer pictures and thumbnails are 400 px wide (spec 002 section 7, `width=400`). */
export const THUMBNAIL_WIDTH = 400;
/** Larger than any phone photo (108 MP); a "decompression bomb" declaring more pixels is refused. */
export const MAX_INPUT_PIXELS = 120_000_000;
const JPEG_QUALITY = 88;
/** A pathological image (huge but just under the pixel limit) gives up instead of holding the queue. */
const TIMEOUT_SECONDS = 60;
const THUMBNAIL_QUALITY = 78;

export const PICTURE_TEXTS = {
  corrupt: 'De afbeelding is beschadigd of kan niet worden gelezen.',
  tooManyPixels: 'De afbeelding is te groot om te verwerken (meer dan 120 megapixel).',
  unsupportedFormat:
    'Dit afbeeldingsformaat wordt niet ondersteund. Gebruik een foto in JPEG, PNG, WebP, GIF, TIFF of AVIF.',
  tooSlow: 'De afbeelding kon niet op tijd worden verwerkt.',
  busy: "Er worden nu veel foto's verwerkt. Probeer het over een minuut opnieuw.",
} as const;

/** What the content sniffing (file-type) may let through to the decoder; other images answer 415. */
export const DECODABLE_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/tiff',
  'image/avif',
  'image/heic',
  'image/heif',
]);

export interface EncodedImage {
  data: Buffer;
  mimeType: string;
  ext: string;
  width: number;
  height: number;
}

export interface ProcessedPicture {
  /** Orientation applied, every metadata block dropped; JPEG, PNG and WebP keep their format. */
  original: EncodedImage;
  /** At most THUMBNAIL_WIDTH wide (never enlarged): JPEG, or WebP when the photo is transparent. */
  thumbnail: EncodedImage;
}

type OutputFormat = 'jpeg' | 'png' | 'webp';
const OUTPUT: Record<OutputFormat, { mimeType: string; ext: string }> = {
  jpeg: { mimeType: 'image/jpeg', ext: 'jpg' },
  png: { mimeType: 'image/png', ext: 'png' },
  webp: { mimeType: 'image/webp', ext: 'webp' },
};

const INPUT_OPTIONS: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // Refuse broken or truncated pixel data; tolerate the warnings many phone JPEGs carry.
  failOn: 'error',
};

/** A decoder's complaint as the answer for the user: a 4xx with a Dutch text, never a 500. */
function refusal(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const message = String((err as Error | undefined)?.message ?? '');
  if (/pixel limit/i.test(message)) return new AppError('validation', PICTURE_TEXTS.tooManyPixels);
  if (/^timeout/i.test(message)) return new AppError('validation', PICTURE_TEXTS.tooSlow);
  if (
    /unsupported image format|not been built in|no decoding plugin|unsupported .*(codec|compression)/i.test(
      message,
    )
  )
    return new AppError('unsupported_media_type', PICTURE_TEXTS.unsupportedFormat);
  return new AppError('validation', PICTURE_TEXTS.corrupt);
}

function encode(image: Sharp, format: OutputFormat, quality: number): Sharp {
  const timed = image.timeout({ seconds: TIMEOUT_SECONDS });
  if (format === 'png') return timed.png({ compressionLevel: 6 });
  if (format === 'webp') return timed.webp({ quality });
  return timed.jpeg({ quality, progressive: false });
}

async function run(input: Buffer): Promise<ProcessedPicture> {
  const meta = await sharp(input, INPUT_OPTIONS).metadata();
  if (!meta.width || !meta.height) throw new AppError('validation', PICTURE_TEXTS.corrupt);
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw new AppError('validation', PICTURE_TEXTS.tooManyPixels);
  const format: OutputFormat =
    meta.format === 'png' || meta.format === 'webp' || meta.format === 'jpeg' ? meta.format : 'jpeg';
  const flatten = (image: Sharp, to: OutputFormat) =>
    to === 'jpeg' && meta.hasAlpha ? image.flatten({ background: '#ffffff' }) : image;

  // No keepExif/withMetadata: sharp writes no EXIF, XMP or IPTC, so location data is gone.
  const original = await encode(
    flatten(sharp(input, INPUT_OPTIONS).rotate(), format),
    format,
    JPEG_QUALITY,
  ).toBuffer({ resolveWithObject: true });
  // From the input again, not the re-encoded original: JPEG shrink-on-load makes this cheap.
  const thumbFormat: OutputFormat = meta.hasAlpha && format !== 'jpeg' ? 'webp' : 'jpeg';
  const thumbnail = await encode(
    flatten(
      sharp(input, INPUT_OPTIONS).rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }),
      thumbFormat,
    ),
    thumbFormat,
    THUMBNAIL_QUALITY,
  ).toBuffer({ resolveWithObject: true });
  return {
    original: {
      data: original.data,
      ...OUTPUT[format],
      width: original.info.width,
      height: original.info.height,
    },
    thumbnail: {
      data: thumbnail.data,
      ...OUTPUT[thumbFormat],
      width: thumbnail.info.width,
      height: thumbnail.info.height,
    },
  };
}

/** At most `active` jobs at once and `waiting` more in line; beyond that the caller hears 503. */
export class WorkQueue {
  private running = 0;
  private readonly line: (() => void)[] = [];

  constructor(
    private readonly active: number,
    private readonly waiting: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.active) {
      if (this.line.length >= this.waiting) throw new AppError('unavailable', PICTURE_TEXTS.busy);
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else this.running++;
    try {
      return await job();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    }
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.line.length };
  }
}

const queue = new WorkQueue(1, 16);

/**
 * Decodes an uploaded photo (already sniffed as an image), applies its EXIF orientation and re-encodes it
 * without metadata, with its thumbnail. Unreadable input answers 415 (a format the decoder lacks) or 422.
 */
export function processPicture(input: Buffer): Promise<ProcessedPicture> {
  return queue.run(() => run(input).catch((err: unknown) => Promise.reject(refusal(err))));
}

/** The file name of the stored photo: the uploaded name, with an extension that fits the stored format. */
export function storedFilename(uploaded: string, ext: string): string {
  const fits: Record<string, string[]> = { jpg: ['jpg', 'jpeg', 'jfif'], png: ['png'], webp: ['webp'] };
  const dot = uploaded.lastIndexOf('.');
  const current = dot > 0 ? uploaded.slice(dot + 1).toLowerCase() : '';
  if ((fits[ext] ?? [ext]).includes(current)) return uploaded;
  const base = dot > 0 ? uploaded.slice(0, dot) : uploaded;
  return `${base || 'foto'}.${ext}`;
}
