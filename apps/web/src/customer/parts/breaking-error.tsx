import { CUSTOMER_TEXTS } from '@im/domain';
import { CustomerApiError } from '../api';
import { Frame, useHostBrand, useTitle } from '../brand';
import { TX } from '../texts';
import { Alert, Button } from '../ui';

/** The breaking-error text of a failed page load: 404 not found, 410 gone (spec 002 section 8). */
export function breakingErrorText(error: unknown, texts: { notFound: string; gone: string }): string {
  if (!(error instanceof CustomerApiError)) return TX.failed(0);
  if (error.status === 404) return texts.notFound;
  if (error.status === 410) return texts.gone;
  // The server says how long the block lasts (a minute's rate limit, or the guess guard's minutes).
  if (error.status === 429)
    return error.message && error.message !== TX.failed(429) ? error.message : CUSTOMER_TEXTS.tooManyRequests;
  return error.message;
}

/** A page that cannot show: the message in the host's branding; a retry when it may pass. */
export function BreakingError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const brand = useHostBrand(true);
  useTitle(brand?.name ? `${message} · ${brand.name}` : message);
  return (
    <Frame brand={brand}>
      <div className="c-card">
        <h1 className="c-title">{TX.unavailableTitle}</h1>
        <Alert tone="error">{message}</Alert>
        {onRetry && (
          <p>
            <Button onClick={onRetry}>{TX.retry}</Button>
          </p>
        )}
      </div>
    </Frame>
  );
}

/** Whether the error may pass on a retry (no answer, a server error, too many requests). */
export const isTransient = (error: unknown) =>
  !(error instanceof CustomerApiError) || error.status === 0 || error.status >= 500;
