import {
  CUSTOMER_PICTURE_WIDTH,
  type CustomerForm,
  evaluateForm,
  type FlowDataItem,
  FORM_AUTOSAVE_DEBOUNCE_MS,
  FORM_MESSAGES,
  type FormValue,
  type Picture,
  type VerticalDataField,
} from '@im/domain';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { SaveStatus } from '../../ui/autosave/autosave-store';
import { useAutosave } from '../../ui/autosave/use-autosave';
import { customerApi, enc, messageOf } from '../api';
import { formatDateTime } from '../format';
import { TX } from '../texts';
import { Alert, Button, Field, FileButton, Loading, Modal, useConfirm } from '../ui';
import { useLoad } from '../use-load';

// A form of the dossier for the customer to fill in (loaded only when one opens: the form engine
// is large). Calculated fields and show rules follow every keystroke (evaluateForm, the engine the
// server runs too). Changes save through the shared autosave (decision 032, ui/autosave, which holds
// no staff code): 1.5 s after the last one, at once when the dialog closes or the page goes away
// (route change, back, closing the tab with keepalive); a failed save is kept (also over a reload)
// and tried again. 'Formulier versturen' sends it, after which it is read-only.

type Values = Record<string, FormValue>;

export default function FormModal({
  flowHash,
  formId,
  title,
  onClose,
  onChanged,
}: {
  flowHash: string;
  formId: number;
  title: string;
  onClose: () => void;
  onChanged: () => Promise<void> | void;
}) {
  const form = useLoad<CustomerForm>(`/api/flowdataitem/${formId}/getbycustomer?hash=${enc(flowHash)}`);
  if (!form.data)
    return (
      <Modal title={title} onClose={onClose}>
        {form.error !== undefined ? <Alert tone="error">{messageOf(form.error)}</Alert> : <Loading />}
      </Modal>
    );
  return (
    <FormBody
      flowHash={flowHash}
      form={form.data}
      reload={form.reload}
      onClose={onClose}
      onChanged={onChanged}
    />
  );
}

function FormBody({
  flowHash,
  form,
  reload,
  onClose,
  onChanged,
}: {
  flowHash: string;
  form: CustomerForm;
  reload: () => Promise<void>;
  onClose: () => void;
  onChanged: () => Promise<void> | void;
}) {
  const query = `?hash=${enc(flowHash)}`;
  const autosave = useAutosave<Values, FlowDataItem>({
    // The customer's browser keeps a change the server did not take, under the form and its dossier.
    key: `customer:flowdataitem:${form.item.id}:${flowHash}`,
    delayMs: FORM_AUTOSAVE_DEBOUNCE_MS,
    save: (changes, { keepalive }) =>
      customerApi.post<FlowDataItem>(
        `/api/flowdataitem/${form.item.id}/updatebycustomer${query}`,
        { values: changes },
        { keepalive },
      ),
    onSaved: (saved, _patch, unsaved) => {
      setItem(saved);
      setValues({ ...saved.values, ...(unsaved as Values | null) });
    },
  });
  const [item, setItem] = useState<FlowDataItem>(form.item);
  // A change kept from an earlier visit (a failed save, a closed tab) shows until the server has it.
  const [values, setValues] = useState<Values>(() => ({
    ...form.item.values,
    ...(autosave.unsaved() as Values | null),
  }));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const confirm = useConfirm();

  // A new copy from the server (after a photo) replaces what is not being typed or kept.
  const autosaveRef = useRef(autosave);
  autosaveRef.current = autosave;
  useEffect(() => {
    setItem(form.item);
    setValues({ ...form.item.values, ...(autosaveRef.current.unsaved() as Values | null) });
  }, [form.item]);

  const onChange = (name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    autosave.change({ [name]: value });
  };

  const evaluation = useMemo(() => {
    try {
      return evaluateForm(form.fields, values, { onFormulaError: () => {} });
    } catch {
      return null;
    }
  }, [form.fields, values]);

  const isSent = item.status === 'sent';
  // Closing sends what waits; a save that fails is kept and tried again after the dialog is gone.
  const close = () => {
    void autosave.flush();
    onClose();
  };

  const send = async () => {
    setError(null);
    await autosave.flush();
    if (autosave.unsaved()) return;
    if (!(await confirm.ask(TX.sendFormConfirm))) return;
    setSending(true);
    try {
      const sent = await customerApi.post<FlowDataItem>(
        `/api/flowdataitem/${item.id}/sendbycustomer${query}`,
      );
      setItem(sent);
      setJustSent(true);
      await onChanged();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSending(false);
    }
  };

  const visible = evaluation?.visible ?? {};
  const computed = evaluation?.values ?? values;
  return (
    <Modal
      title={item.vertical.name}
      onClose={close}
      busy={sending}
      footer={
        <>
          <SaveStatusText status={autosave.status} onRetry={() => void autosave.retry()} />
          <Button onClick={close} disabled={sending}>
            {TX.close}
          </Button>
          {!isSent && (
            <Button variant="primary" busy={sending} onClick={send}>
              {TX.sendForm}
            </Button>
          )}
        </>
      }
    >
      {justSent && <Alert tone="success">{TX.formSentDone}</Alert>}
      {isSent && !justSent && (
        <Alert tone="info">
          {TX.formReadOnly}
          {item.sent_at ? ` ${TX.sentOn(formatDateTime(item.sent_at))}` : ''}
        </Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <fieldset className="c-fieldset" disabled={isSent}>
        <legend className="c-sr-only">{item.vertical.name}</legend>
        {form.fields.map((field) =>
          // Quickr and Glbl fields are the office's tools (decision 071): not on the customer's form.
          field.field_type === 'hidden' ||
          field.field_type === 'quickr' ||
          field.field_type === 'glbl' ||
          visible[field.field_name] === false ? null : field.field_type === 'photo' ? (
            <Photos
              key={field.id}
              field={field}
              item={item}
              flowHash={flowHash}
              readOnly={isSent}
              onChanged={reload}
              confirm={confirm.ask}
            />
          ) : (
            <FieldInput
              key={field.id}
              field={field}
              value={
                field.field_type === 'calculated' ? computed[field.field_name] : values[field.field_name]
              }
              onChange={(v) => onChange(field.field_name, v)}
            />
          ),
        )}
      </fieldset>
      {confirm.dialog}
    </Modal>
  );
}

/** 'Opslaan…', 'Opgeslagen' or 'Niet opgeslagen: …' with 'Opnieuw proberen' (the customer's own UI). */
function SaveStatusText({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const text =
    status.kind === 'pending' || status.kind === 'saving'
      ? TX.formSaving
      : status.kind === 'saved'
        ? TX.formSaved
        : status.kind === 'failed'
          ? TX.formSaveFailed(status.message)
          : '';
  return (
    <>
      <span
        className={status.kind === 'failed' ? 'c-save c-save--failed' : 'c-muted c-save'}
        role="status"
        aria-live="polite"
      >
        {text}
      </span>
      {status.kind === 'failed' && (
        <Button variant="link" onClick={onRetry}>
          {TX.retry}
        </Button>
      )}
    </>
  );
}

function display(value: FormValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value.toLocaleString('nl-NL', { maximumFractionDigits: 2 });
  return String(value);
}

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: VerticalDataField;
  value: FormValue | undefined;
  onChange: (value: FormValue) => void;
}) {
  const hint = field.description && field.description !== field.field_label ? field.description : undefined;
  const text = value === null || value === undefined ? '' : String(value);
  const onText = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onChange(e.currentTarget.value);
  if (field.field_type === 'checkbox')
    return (
      <div className="c-field c-check">
        <label>
          <input
            type="checkbox"
            checked={value === true || value === '1' || value === 1}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
          <span>{field.field_label}</span>
        </label>
        {hint && <div className="c-hint">{hint}</div>}
      </div>
    );
  return (
    <Field
      label={field.field_label}
      hint={field.field_type === 'calculated' ? (hint ?? TX.calculated) : hint}
    >
      {(props) => {
        switch (field.field_type) {
          case 'textarea':
            return <textarea {...props} rows={3} value={text} onChange={onText} />;
          case 'number':
            return <input {...props} type="text" inputMode="decimal" value={text} onChange={onText} />;
          case 'date':
            return <input {...props} type="date" value={text} onChange={onText} />;
          case 'selectbox':
            return (
              <select {...props} value={text} onChange={onText}>
                <option value="">{TX.choose}</option>
                {field.options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            );
          case 'calculated':
            return <output {...props}>{display(value) || '–'}</output>;
          default:
            return <input {...props} type="text" value={text} onChange={onText} />;
        }
      }}
    </Field>
  );
}

/** A photo field: the photos at width 400, take or choose one, remove one (after confirmation). */
function Photos({
  field,
  item,
  flowHash,
  readOnly,
  onChanged,
  confirm,
}: {
  field: VerticalDataField;
  item: FlowDataItem;
  flowHash: string;
  readOnly: boolean;
  onChanged: () => Promise<void>;
  confirm: (text: string) => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pictures = item.pictures.filter((p) => p.field_name === field.field_name);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = '';
    setError(null);
    for (const file of files) {
      if (!file.type.startsWith('image/')) {
        setError(TX.photoOnlyImages);
        continue;
      }
      const body = new FormData();
      body.append('file', file);
      body.append('field_name', field.field_name);
      body.append('vertical_id', String(item.vertical_id));
      body.append('flow_data_item_id', String(item.id));
      body.append('hash', flowHash);
      setBusy(true);
      try {
        await customerApi.post<Picture>('/api/picture/storebycustomer', body);
      } catch (e) {
        setError(`${FORM_MESSAGES.pictureNotUploaded}: ${messageOf(e)}`);
      } finally {
        setBusy(false);
      }
    }
    await onChanged();
  };

  const remove = async (picture: Picture) => {
    if (!(await confirm(FORM_MESSAGES.confirmDeletePicture))) return;
    setError(null);
    setBusy(true);
    try {
      await customerApi.post(`/api/picture/${picture.id}/removebycustomer?hash=${enc(flowHash)}`);
      await onChanged();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="c-field c-group">
      <legend className="c-label">{field.field_label}</legend>
      {field.description && field.description !== field.field_label && (
        <div className="c-hint">{field.description}</div>
      )}
      {pictures.length === 0 ? (
        <p className="c-muted">{TX.noPhotos}</p>
      ) : (
        <ul className="c-photos">
          {pictures.map((p, i) => (
            <li key={p.id}>
              <img
                src={`/api/picture/${p.id}/getbycustomer?hash=${enc(flowHash)}&width=${CUSTOMER_PICTURE_WIDTH}`}
                alt={TX.photoAlt(field.field_label, i + 1)}
                loading="lazy"
              />
              {!readOnly && (
                <Button variant="link" onClick={() => remove(p)} disabled={busy}>
                  {TX.removePhoto(i + 1)}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {!readOnly && (
        <div className="c-actions c-actions--start">
          <FileButton
            label={TX.takePhoto}
            accept="image/*"
            capture="environment"
            busy={busy}
            onChange={upload}
          />
          <FileButton label={TX.addPhoto} accept="image/*" busy={busy} onChange={upload} />
        </div>
      )}
    </fieldset>
  );
}
