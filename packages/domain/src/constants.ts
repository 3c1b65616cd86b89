/** Shared timing constants of spec 000 section 9. */
export const NOTIFICATION_TIMEOUT_MS = 5000;
/** A change that can be undone (a move on the pipeline board) offers its undo this long (decision 033). */
export const UNDO_TIMEOUT_MS = 10_000;
export const LOADING_BAR_THRESHOLD_MS = 500;
export const AUTOSAVE_DEBOUNCE_MS = 1500;
export const CURRENT_USER_REFRESH_MS = 60_000;
export const CLIPBOARD_CONFIRM_MS = 1500;
export const UPLOAD_ONLY_IMAGES_AND_PDF = 'Let op! Alleen image and PDF bestanden kunnen worden geupload.';
export const uploadTooLargeMessage = (name: string, limit: string) =>
  `Bestand ${name} konden niet worden geupload omdat het groter is dan: ${limit}`;
export const uploadFailedMessage = (name: string, error: string) =>
  `Bestand ${name} konden niet worden geupload. Error: ${error}`;
export const PASSWORD_RESET_SENT_ALERT =
  'An e-mail has been send to your address. Please click on the link in the e-mail to reset your password.';
