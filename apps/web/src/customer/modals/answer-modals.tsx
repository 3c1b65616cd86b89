import {
  AGREEMENT_LABELS,
  type ApproveByCustomer,
  CUSTOMER_TEXTS,
  type CustomerDocument,
  type RejectByCustomer,
  type SignableKind,
} from '@im/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { CustomerApiError, customerApi, enc, messageOf } from '../api';
import { TX } from '../texts';
import { Alert, Button, Field, Modal } from '../ui';

// The approve and reject dialogs of a quotation, confirmation or document (spec 002 sections 2 and
// 5), loaded when one opens: the signature pad comes with them, not with the page.

interface Answer {
  message: string;
  status: string;
}

export interface AnswerModalProps {
  action: 'approve' | 'reject';
  kind: SignableKind;
  hash: string;
  approval: CustomerDocument['approval'];
  onClose: () => void;
  /** Answered: the server's message. */
  onAnswered: (message: string) => void;
  /** The server says no longer open (409): the page loads the document again. */
  onStale: () => void;
}

export default function AnswerModal(props: AnswerModalProps) {
  return props.action === 'approve' ? <ApproveModal {...props} /> : <RejectModal {...props} />;
}

function useSubmit({ kind, hash, onAnswered, onStale }: AnswerModalProps, action: 'approve' | 'reject') {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (body: ApproveByCustomer | RejectByCustomer) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await customerApi.post<Answer>(`/api/${kind}/${enc(hash)}/${action}bycustomer`, body);
      onAnswered(answer.message);
    } catch (e) {
      setError(messageOf(e));
      if (e instanceof CustomerApiError && (e.status === 409 || e.status === 410)) onStale();
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit };
}

const optional = (value: string) => value.trim() || undefined;

function ApproveModal(props: AnswerModalProps) {
  const { approval, onClose } = props;
  const [name, setName] = useState('');
  const [place, setPlace] = useState('');
  const [onBehalfOf, setOnBehalfOf] = useState('');
  const [message, setMessage] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; signature?: string; agreement?: string }>({});
  const { busy, error, submit } = useSubmit(props, 'approve');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : CUSTOMER_TEXTS.nameRequired,
      signature: approval.needs_signature && !signature ? CUSTOMER_TEXTS.signatureRequired : undefined,
      agreement: !approval.needs_signature && !agreed ? approval.agreement_message : undefined,
    };
    setErrors(next);
    if (next.name || next.signature || next.agreement) return;
    void submit({
      signername: name.trim(),
      signatory_name: optional(onBehalfOf),
      location: optional(place),
      additional_message: optional(message),
      ...(approval.needs_signature && signature
        ? { signature, signature_type: 'drawn' }
        : { agreeswithoffer: 1 as const }),
    });
  };

  return (
    <Modal
      title={TX.approveTitle}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {TX.cancel}
          </Button>
          <Button variant="primary" type="submit" form="c-approve" busy={busy}>
            {busy ? TX.sending : TX.approve}
          </Button>
        </>
      }
    >
      <form id="c-approve" className="c-form" onSubmit={onSubmit} noValidate>
        <Field label={TX.name} error={errors.name}>
          {(p) => (
            <input
              {...p}
              type="text"
              autoComplete="name"
              required
              maxLength={200}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                if (e.currentTarget.value.trim()) setErrors((prev) => ({ ...prev, name: undefined }));
              }}
            />
          )}
        </Field>
        <Field label={TX.onBehalfOf}>
          {(p) => (
            <input
              {...p}
              type="text"
              autoComplete="organization"
              maxLength={200}
              value={onBehalfOf}
              onChange={(e) => setOnBehalfOf(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={TX.place}>
          {(p) => (
            <input
              {...p}
              type="text"
              autoComplete="address-level2"
              maxLength={200}
              value={place}
              onChange={(e) => setPlace(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={TX.optionalMessage}>
          {(p) => (
            <textarea
              {...p}
              rows={2}
              maxLength={5000}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
            />
          )}
        </Field>
        {approval.needs_signature ? (
          <SignatureField
            instruction={approval.agreement_message}
            error={errors.signature}
            onChange={(value) => {
              setSignature(value);
              if (value) setErrors((e) => ({ ...e, signature: undefined }));
            }}
          />
        ) : (
          <div className="c-field c-check">
            <label>
              <input
                type="checkbox"
                checked={agreed}
                aria-invalid={errors.agreement ? true : undefined}
                aria-describedby={errors.agreement ? 'c-agreement-error' : undefined}
                onChange={(e) => {
                  setAgreed(e.currentTarget.checked);
                  if (e.currentTarget.checked) setErrors((x) => ({ ...x, agreement: undefined }));
                }}
              />
              <span>{AGREEMENT_LABELS[props.kind]}</span>
            </label>
            {errors.agreement && (
              <div className="c-error" id="c-agreement-error">
                {errors.agreement}
              </div>
            )}
          </div>
        )}
        {error && <Alert tone="error">{error}</Alert>}
      </form>
    </Modal>
  );
}

/**
 * The drawn signature: finger, pen or mouse on a canvas (signature_pad), 'Wissen' to start again.
 * The canvas follows the device's pixel ratio, so the line stays sharp on a phone.
 */
function SignatureField({
  instruction,
  error,
  onChange,
}: {
  instruction: string;
  error?: string;
  onChange: (png: string | null) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { penColor: '#111827', minWidth: 1, maxWidth: 2.8 });
    pad.current = signature;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = signature.toData();
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      signature.fromData(strokes);
    };
    fit();
    const onEnd = () => changed.current(signature.isEmpty() ? null : signature.toDataURL('image/png'));
    signature.addEventListener('endStroke', onEnd);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      signature.removeEventListener('endStroke', onEnd);
      signature.off();
      pad.current = null;
    };
  }, []);

  return (
    <fieldset className="c-field c-group" aria-describedby="c-signature-help">
      <legend className="c-label">{TX.signature}</legend>
      <div className="c-hint" id="c-signature-help">
        {instruction} {TX.signatureHelp}
      </div>
      <canvas
        ref={canvas}
        className={`c-signature${error ? ' c-signature--error' : ''}`}
        role="img"
        aria-label={TX.signaturePad}
      />
      {error && (
        <div className="c-error" role="alert">
          {error}
        </div>
      )}
      <div className="c-actions c-actions--start">
        <Button
          onClick={() => {
            pad.current?.clear();
            changed.current(null);
          }}
        >
          {TX.clearSignature}
        </Button>
      </div>
    </fieldset>
  );
}

function RejectModal(props: AnswerModalProps) {
  const { onClose } = props;
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const { busy, error, submit } = useSubmit(props, 'reject');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(CUSTOMER_TEXTS.nameRequired);
      return;
    }
    setNameError(undefined);
    void submit({ signername: name.trim(), additional_message: optional(reason) });
  };

  return (
    <Modal
      title={TX.rejectTitle}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {TX.cancel}
          </Button>
          <Button variant="danger" type="submit" form="c-reject" busy={busy}>
            {busy ? TX.sending : TX.reject}
          </Button>
        </>
      }
    >
      <form id="c-reject" className="c-form" onSubmit={onSubmit} noValidate>
        <Field label={TX.name} error={nameError}>
          {(p) => (
            <input
              {...p}
              type="text"
              autoComplete="name"
              required
              maxLength={200}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={TX.reason}>
          {(p) => (
            <textarea
              {...p}
              rows={3}
              maxLength={5000}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          )}
        </Field>
        {error && <Alert tone="error">{error}</Alert>}
      </form>
    </Modal>
  );
}
