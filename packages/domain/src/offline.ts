// Field work without a connection (issue 47, decision 069): what the device's outbox and the server
// agree on. A create (a photo, a note) made offline carries a key of its own; sent twice, it is made once.

/** The request header that carries a create's own key (a UUID made on the device). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** What a key made; the same key for another kind of record is refused. */
export const ONCE_SCOPES = ['note', 'picture'] as const;
export type OnceScope = (typeof ONCE_SCOPES)[number];

export const OFFLINE_MESSAGES = {
  keyInvalid: 'De sleutel van deze wijziging (Idempotency-Key) moet een UUID zijn.',
  keyReused: 'Deze sleutel is al gebruikt voor iets anders.',
  /** A create sent again whose record was made by the first send and deleted since (410): nothing to do. */
  madeAndDeleted: 'Dit is al eerder ontvangen en intussen verwijderd.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isIdempotencyKey = (value: string): boolean => UUID.test(value);

/** Kept notes sent in one request at most (POST /api/note/batch). */
export const NOTE_BATCH_MAX = 50;

/**
 * Photos are kept on the device at most this long side, as JPEG of this quality (decision 073: 1280 px,
 * 1.2 megapixels, still shows a type plate or a meter's digits; at 1600 px fifty photos took 72 s at slow
 * 4G's 750 kbit/s up on their own, beyond the minute a replay of 200 changes may take).
 */
export const OFFLINE_PHOTO_MAX_SIDE = 1280;
export const OFFLINE_PHOTO_QUALITY = 0.72;
