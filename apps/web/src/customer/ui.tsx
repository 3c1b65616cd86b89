import {
  type ButtonHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { TX } from './texts';

// The few building blocks of the customer pages: plain elements with a small style sheet
// (customer.css) instead of the staff app's component library, which does not fit the budget.

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'default' | 'danger' | 'link';
  busy?: boolean;
};

export function Button({ variant = 'default', busy, className, children, disabled, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      className={`c-btn c-btn--${variant}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {children}
    </button>
  );
}

export function Alert({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`c-alert c-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function Loading() {
  return (
    <div className="c-loading" role="status">
      <span className="c-spinner" aria-hidden="true" />
      {TX.loading}
    </div>
  );
}

/** A card with its own heading, as a labelled region. */
export function Section({
  title,
  children,
  actions,
  id,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  id?: string;
}) {
  const headingId = useId();
  return (
    <section className="c-card" aria-labelledby={headingId} id={id}>
      <div className="c-card__head">
        <h2 id={headingId} tabIndex={-1}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Badge({
  tone = 'gray',
  children,
}: {
  tone?: 'gray' | 'green' | 'blue' | 'red';
  children: ReactNode;
}) {
  return <span className={`c-badge c-badge--${tone}`}>{children}</span>;
}

/** A file input that looks like a button: the visually hidden input inside its label keeps focus. */
export function FileButton({
  label,
  accept,
  busy,
  capture,
  onChange,
}: {
  label: string;
  accept: string;
  busy?: boolean;
  capture?: 'environment' | 'user';
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <label className={`c-btn c-btn--default c-file${busy ? ' c-file--busy' : ''}`}>
      <input
        className="c-sr-only"
        type="file"
        accept={accept}
        capture={capture}
        disabled={busy}
        onChange={onChange}
      />
      {label}
    </label>
  );
}

/** A label, the control and its error; the control gets the id and aria wiring through `render`. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <div className="c-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error && (
        <div className="c-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

/** Open dialogs: while any is open, the page behind them (#root) is inert. */
let openDialogs = 0;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog with a static backdrop (a click beside it does not close it; Escape and the close
 * button do, unless `busy`). Rendered outside #root, so the page zoom does not scale it; focus stays
 * inside and returns where it was.
 */
export function Modal({
  title,
  onClose,
  busy,
  children,
  footer,
}: {
  title: string;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  const busyRef = useRef(busy);
  closeRef.current = onClose;
  busyRef.current = busy;

  useLayoutEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    const first = dialog?.querySelector<HTMLElement>('input, textarea, select');
    (first ?? dialog)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const root = document.getElementById('root');
    openDialogs += 1;
    root?.setAttribute('inert', '');
    return () => {
      openDialogs -= 1;
      if (openDialogs === 0) root?.removeAttribute('inert');
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && !busyRef.current) {
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="c-overlay">
      <div
        className="c-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={ref}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="c-modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="c-close" onClick={onClose} disabled={busy} aria-label={TX.close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="c-modal__body">{children}</div>
        {footer && <div className="c-modal__foot">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** Asks before an action: `ask(text)` resolves with the answer; render `dialog` once. */
export function useConfirm(): { ask: (text: string) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<{ text: string; resolve: (ok: boolean) => void } | null>(null);
  const ask = (text: string) => new Promise<boolean>((resolve) => setPending({ text, resolve }));
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const dialog = pending ? (
    <Modal
      title={TX.confirm}
      onClose={() => answer(false)}
      footer={
        <>
          <Button onClick={() => answer(false)}>{TX.cancel}</Button>
          <Button variant="primary" onClick={() => answer(true)}>
            {TX.yes}
          </Button>
        </>
      }
    >
      <p>{pending.text}</p>
    </Modal>
  ) : null;
  return { ask, dialog };
}

/** True `delayMs` after `when` became true (the questions panel, the open form: spec 002 section 9). */
export function useDelayed(when: boolean, delayMs: number): boolean {
  const [fired, setFired] = useState(false);
  useEffect(() => {
    if (!when) return;
    const timer = window.setTimeout(() => setFired(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [when, delayMs]);
  return fired;
}
