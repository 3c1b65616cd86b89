import { TAKE_ALONG_FRAME } from './offline-copies';

interface FrameActivity {
  __imInFlight?: number;
  __imLastActivity?: number;
  __imTakeAlongError?: string;
}

/** How long a screen must be quiet (no request out) before its reads count as kept. */
const QUIET_MS = 1500;
const VISIT_TIMEOUT_MS = 45_000;

export class TakeAlongError extends Error {
  override readonly name = 'TakeAlongError';
  constructor(
    readonly reason: 'budget' | 'timeout',
    readonly route: string,
  ) {
    super(`${reason}: ${route}`);
  }
}

/**
 * Opens `route` of the app in a hidden frame at phone size and waits until the screen has read what it
 * shows (decision 060). In that frame every answer is kept as an offline copy, so the copies are exactly
 * what the screen reads: no list of addresses is written twice.
 */
export function visitInFrame(route: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.name = TAKE_ALONG_FRAME;
    frame.title = TAKE_ALONG_FRAME;
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    Object.assign(frame.style, {
      position: 'fixed',
      left: '-10000px',
      top: '0',
      width: '390px',
      height: '844px',
      border: '0',
      visibility: 'hidden',
    });
    const started = Date.now();
    let timer = 0;
    const finish = (error?: TakeAlongError) => {
      window.clearInterval(timer);
      frame.remove();
      if (error) reject(error);
      else resolve();
    };
    frame.addEventListener('load', () => {
      timer = window.setInterval(() => {
        const inside = frame.contentWindow as (Window & FrameActivity) | null;
        if (inside?.__imTakeAlongError === 'budget') return finish(new TakeAlongError('budget', route));
        const last = inside?.__imLastActivity;
        if (last !== undefined && (inside?.__imInFlight ?? 0) === 0 && Date.now() - last > QUIET_MS)
          return finish();
        if (Date.now() - started > VISIT_TIMEOUT_MS) finish(new TakeAlongError('timeout', route));
      }, 100);
    });
    frame.src = `/#${route}`;
    document.body.appendChild(frame);
  });
}
