import { CUSTOMER_TEXTS } from '@im/domain';
import sharp from 'sharp';
import { AppError, validationError } from '../../platform/errors';

/** Smallest signature we accept: this many inked pixels (a dot or an empty pad is refused). */
const MIN_INK_PIXELS = 150;
const MAX_SIGNATURE_SIDE = 4000;

/** The drawn signature as PNG bytes; blank, near-blank or not a PNG answers 422. */
export async function checkSignature(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const invalid = () =>
    validationError(CUSTOMER_TEXTS.signatureInvalid, { signature: [CUSTOMER_TEXTS.signatureInvalid] });
  if (bytes.length < 8 || bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw invalid();
  let raw: { data: Buffer; info: { channels: number } };
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height || meta.width > MAX_SIGNATURE_SIDE || meta.height > MAX_SIGNATURE_SIDE)
      throw invalid();
    raw = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw invalid();
  }
  const { data, info } = raw;
  let ink = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const alpha = data[i + 3]!;
    const luminance = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    if (alpha > 64 && luminance < 160) ink += 1;
  }
  if (ink < MIN_INK_PIXELS)
    throw validationError(CUSTOMER_TEXTS.signatureBlank, { signature: [CUSTOMER_TEXTS.signatureBlank] });
  return bytes;
}
