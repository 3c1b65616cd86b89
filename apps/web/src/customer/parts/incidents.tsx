import {
  type CustomerDossier,
  type CustomerIncident,
  INCIDENT_ACTION_PROMPTS,
  INCIDENT_STATUS_LABELS,
} from '@im/domain';
import { type FormEvent, useState } from 'react';
import { customerApi, enc, messageOf } from '../api';
import { formatDate } from '../format';
import { TX } from '../texts';
import { Alert, Badge, Button, Field, Section, useConfirm } from '../ui';

const TONE = { open: 'blue', ongoing: 'gray', resolved: 'green' } as const;

/** The dossier's incidents: report one (a type and a text), see their status, resolve them. */
export function Incidents({
  flowHash,
  incidents,
  types,
  onChanged,
}: {
  flowHash: string;
  incidents: CustomerIncident[];
  types: CustomerDossier['incident_types'];
  onChanged: () => Promise<void> | void;
}) {
  const [typeId, setTypeId] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ type?: string; content?: string; form?: string }>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const confirm = useConfirm();

  const report = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const next = {
      type: typeId ? undefined : TX.incidentTypeRequired,
      content: content.trim() ? undefined : TX.incidentContentRequired,
    };
    setErrors(next);
    if (next.type || next.content) return;
    setBusy('report');
    try {
      await customerApi.post<CustomerIncident>('/api/incident/savebycustomer', {
        hash: flowHash,
        incident_type_id: Number(typeId),
        content: content.trim(),
      });
      setTypeId('');
      setContent('');
      setNotice(TX.incidentSent);
      await onChanged();
    } catch (e) {
      setErrors({ form: messageOf(e) });
    } finally {
      setBusy(null);
    }
  };

  const resolve = async (incident: CustomerIncident) => {
    if (!(await confirm.ask(INCIDENT_ACTION_PROMPTS.resolve))) return;
    setNotice(null);
    setBusy(incident.hash);
    try {
      await customerApi.post<CustomerIncident>(`/api/incident/${enc(incident.hash)}/resolvebycustomer`);
      setNotice(TX.incidentResolved);
      await onChanged();
    } catch (e) {
      setErrors({ form: messageOf(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title={TX.incidents}>
      {incidents.length === 0 ? (
        <p className="c-muted">{TX.noIncidents}</p>
      ) : (
        <ul className="c-list">
          {incidents.map((incident) => (
            <li key={incident.hash} className="c-list__item c-incident">
              <div className="c-row">
                <strong>{incident.incident_type_name ?? TX.incidents}</strong>
                <Badge tone={TONE[incident.status]}>{INCIDENT_STATUS_LABELS[incident.status]}</Badge>
              </div>
              <p className="c-pre">{incident.content}</p>
              <span className="c-muted">
                {incident.status === 'resolved' && incident.resolved_at
                  ? TX.resolvedOn(formatDate(incident.resolved_at))
                  : TX.reportedOn(formatDate(incident.created_at))}
              </span>
              {incident.response && (
                <p className="c-pre">
                  <strong>{TX.answer}: </strong>
                  {incident.response}
                </p>
              )}
              {incident.status !== 'resolved' && (
                <div className="c-actions">
                  <Button busy={busy === incident.hash} onClick={() => resolve(incident)}>
                    {TX.resolve}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {notice && <Alert tone="success">{notice}</Alert>}
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      {types.length > 0 && (
        <form className="c-form" onSubmit={report} noValidate>
          <h3>{TX.reportIncident}</h3>
          <Field label={TX.incidentType} error={errors.type}>
            {(props) => (
              <select {...props} value={typeId} onChange={(e) => setTypeId(e.currentTarget.value)}>
                <option value="">{TX.chooseType}</option>
                {types.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.description}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={TX.incidentContent} error={errors.content}>
            {(props) => (
              <textarea
                {...props}
                rows={3}
                maxLength={5000}
                value={content}
                onChange={(e) => setContent(e.currentTarget.value)}
              />
            )}
          </Field>
          <div className="c-actions">
            <Button type="submit" variant="primary" busy={busy === 'report'}>
              {TX.reportIncident}
            </Button>
          </div>
        </form>
      )}
      {confirm.dialog}
    </Section>
  );
}
