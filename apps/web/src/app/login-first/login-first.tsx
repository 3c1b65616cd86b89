import { type CSSProperties, type FormEvent, useEffect, useState } from 'react';
import type { AuthAnswer } from '../../features/auth';
import { loginNl } from '../../features/auth/i18n';
import { safeColor } from '../safe-color';
import { LoginError, requestLogin } from './login-request';
import './login-first.css';

// The login screen of a first visit, before the app loads (decision 051): plain React and one small
// CSS file drawn like the app's login screen (features/auth LoginScreen in AuthLayout), with the same
// rules (spec 000 section 5) and texts. After a login the app takes over (main.tsx).
const t = loginNl;

interface HostBranding {
  appname?: string;
  appdescription?: string;
  logo_url?: string | null;
  background_url?: string | null;
  brand_button_color?: string | null;
}

/** As app/branding.ts: before login the host name decides the branding; a failure means the defaults. */
function useHostBranding() {
  const [data, setData] = useState<HostBranding>({});
  useEffect(() => {
    const host = window.location.hostname;
    fetch(`/api/portal/branding/hostname/${encodeURIComponent(host)}`, {
      headers: { Accept: 'application/json' },
    })
      .then((response) => (response.ok ? response.json() : {}))
      .then((value: HostBranding) => setData(value && typeof value === 'object' ? value : {}))
      .catch(() => undefined);
  }, []);
  return {
    appname: data.appname || t.app.defaultName,
    appdescription: data.appdescription || t.app.defaultDescription,
    logo_url: data.logo_url || null,
    background_url: data.background_url || null,
    brand_button_color: safeColor(data.brand_button_color),
  };
}

type Field = 'email' | 'password';

/** The rules of ui/form/validators.ts: required, and an e-mail address of the usual shape. */
function validate(values: Record<Field, string>): Partial<Record<Field, string>> {
  const required = (value: string) => (value.trim() === '' ? t.common.required : undefined);
  return {
    email:
      required(values.email) ??
      (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()) ? undefined : t.common.invalidEmail),
    password: required(values.password),
  };
}

function AlertIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="lf-alert-icon">
      <path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0" />
      <path d="M12 8v4" />
      <path d="M12 16h.01" />
    </svg>
  );
}

function EyeIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <svg viewBox="0 0 15 15" width="20" height="20" aria-hidden="true" className="lf-eye">
      <path
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
        d={
          isOpen
            ? 'M13.3536 2.35355C13.5488 2.15829 13.5488 1.84171 13.3536 1.64645C13.1583 1.45118 12.8417 1.45118 12.6464 1.64645L10.6828 3.61012C9.70652 3.21671 8.63759 3 7.5 3C4.30786 3 1.65639 4.70638 0.0760002 7.23501C-0.0253338 7.39715 -0.0253334 7.60288 0.0760014 7.76501C0.902945 9.08812 2.02314 10.1861 3.36061 10.9323L1.64645 12.6464C1.45118 12.8417 1.45118 13.1583 1.64645 13.3536C1.84171 13.5488 2.15829 13.5488 2.35355 13.3536L4.31723 11.3899C5.29348 11.7833 6.36241 12 7.5 12C10.6921 12 13.3436 10.2936 14.924 7.76501C15.0253 7.60288 15.0253 7.39715 14.924 7.23501C14.0971 5.9119 12.9769 4.81391 11.6394 4.06771L13.3536 2.35355ZM9.90428 4.38861C9.15332 4.1361 8.34759 4 7.5 4C4.80285 4 2.52952 5.37816 1.09622 7.50001C1.87284 8.6497 2.91045 9.58106 4.12609 10.1668L9.90428 4.38861ZM5.09572 10.6114L10.8739 4.83323C12.0896 5.41894 13.1272 6.35031 13.9038 7.50001C12.4705 9.62183 10.1971 11 7.5 11C6.65241 11 5.84668 10.8639 5.09572 10.6114Z'
            : 'M7.5 11C4.80285 11 2.52952 9.62184 1.09622 7.50001C2.52952 5.37816 4.80285 4 7.5 4C10.1971 4 12.4705 5.37816 13.9038 7.50001C12.4705 9.62183 10.1971 11 7.5 11ZM7.5 3C4.30786 3 1.65639 4.70638 0.0760002 7.23501C-0.0253338 7.39715 -0.0253334 7.60288 0.0760014 7.76501C1.65639 10.2936 4.30786 12 7.5 12C10.6921 12 13.3436 10.2936 14.924 7.76501C15.0253 7.60288 15.0253 7.39715 14.924 7.23501C13.3436 4.70638 10.6921 3 7.5 3ZM7.5 9.5C8.60457 9.5 9.5 8.60457 9.5 7.5C9.5 6.39543 8.60457 5.5 7.5 5.5C6.39543 5.5 5.5 6.39543 5.5 7.5C5.5 8.60457 6.39543 9.5 7.5 9.5Z'
        }
      />
    </svg>
  );
}

interface FieldProps {
  name: Field;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  toggle?: { isVisible: boolean; onToggle: () => void };
}

function InputField({ name, label, type, autoComplete, value, error, onChange, toggle }: FieldProps) {
  const id = `lf-${name}`;
  return (
    <div className="lf-field">
      <label htmlFor={id} className="lf-label">
        {label}
        <span className="lf-required" aria-hidden="true">
          {' *'}
        </span>
      </label>
      <div className={toggle ? 'lf-input-wrap lf-with-toggle' : 'lf-input-wrap'}>
        <input
          id={id}
          name={name}
          className="lf-input"
          type={toggle?.isVisible ? 'text' : type}
          autoComplete={autoComplete}
          required
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {toggle && (
          <button
            type="button"
            className="lf-toggle"
            tabIndex={-1}
            aria-hidden="true"
            onMouseDown={(event) => event.preventDefault()}
            onClick={toggle.onToggle}
          >
            <EyeIcon isOpen={toggle.isVisible} />
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="lf-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** `onLoggedIn` loads the app and hands the session over; this screen is gone when it resolves. */
export function LoginFirst({ onLoggedIn }: { onLoggedIn: (answer: AuthAnswer) => Promise<void> }) {
  const branding = useHostBranding();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [changed, setChanged] = useState<Partial<Record<Field, boolean>>>({});
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const [isPasswordVisible, setPasswordVisible] = useState(false);

  useEffect(() => {
    document.title = branding.appname;
  }, [branding.appname]);

  const clientErrors = validate(values);
  const fieldError = (field: Field) =>
    changed[field] || isSubmitAttempted ? (serverErrors[field] ?? clientErrors[field]) : undefined;
  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChanged((current) => ({ ...current, [field]: true }));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitAttempted(true);
    if (clientErrors.email || clientErrors.password || isPending) return;
    setFormError(null);
    setPending(true);
    try {
      await onLoggedIn(await requestLogin(values.email.trim(), values.password));
    } catch (error) {
      const fields = error instanceof LoginError ? error.fields : {};
      const onFields = { email: fields.email, password: fields.password };
      const isOnField = Boolean(onFields.email || onFields.password);
      setServerErrors(isOnField ? onFields : {});
      setFormError(isOnField ? null : error instanceof Error ? error.message : String(error));
      setPending(false);
    }
  };

  const background: CSSProperties = branding.background_url
    ? { backgroundImage: `url("${encodeURI(branding.background_url)}")`, backgroundSize: 'cover' }
    : {};
  const brand = branding.brand_button_color
    ? ({ '--lf-brand': branding.brand_button_color } as CSSProperties)
    : undefined;

  return (
    <main className="lf-page" style={background}>
      <div className="lf-center">
        <div className="lf-column">
          <div className="lf-brand">
            {branding.logo_url ? (
              <img src={branding.logo_url} alt={branding.appname} className="lf-logo" />
            ) : (
              <h1 className="lf-appname">{branding.appname}</h1>
            )}
            <p className="lf-description">{branding.appdescription}</p>
          </div>
          <div className="lf-card" style={brand}>
            <form noValidate onSubmit={submit}>
              <h2 className="lf-title">{t.auth.loginTitle}</h2>
              {formError && (
                <div className="lf-alert" role="alert">
                  <AlertIcon />
                  <div>
                    <div className="lf-alert-title">{t.auth.loginFailed}</div>
                    <div className="lf-alert-message">{formError}</div>
                  </div>
                </div>
              )}
              <div className="lf-stack">
                <InputField
                  name="email"
                  label={t.common.email}
                  type="email"
                  autoComplete="username"
                  value={values.email}
                  error={fieldError('email')}
                  onChange={change('email')}
                />
                <InputField
                  name="password"
                  label={t.common.password}
                  type="password"
                  autoComplete="current-password"
                  value={values.password}
                  error={fieldError('password')}
                  onChange={change('password')}
                  toggle={{ isVisible: isPasswordVisible, onToggle: () => setPasswordVisible((v) => !v) }}
                />
                <button
                  type="submit"
                  className="lf-submit"
                  disabled={isPending}
                  aria-busy={isPending || undefined}
                >
                  {isPending ? <span className="lf-spinner" aria-hidden="true" /> : null}
                  <span className={isPending ? 'lf-submit-label lf-hidden' : 'lf-submit-label'}>
                    {t.auth.login}
                  </span>
                </button>
              </div>
              <div className="lf-links">
                <a href="#/lostpassword" className="lf-link">
                  {t.auth.lostPasswordLink}
                </a>
                <a href="#/register" className="lf-link">
                  {t.auth.registerLink}
                </a>
              </div>
            </form>
          </div>
          <a href="#/privacypolicy" className="lf-privacy">
            {t.auth.privacyLink}
          </a>
        </div>
      </div>
    </main>
  );
}
