import { CUSTOMER_QUESTIONS_DELAY_MS, type CustomerMessage } from '@im/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { customerApi, enc, messageOf } from '../api';
import { formatDateTime } from '../format';
import { customerHref } from '../router';
import { TX } from '../texts';
import { Alert, Button, Field, Loading, Section, useDelayed } from '../ui';
import { useLoad } from '../use-load';

/** The conversation of a flow with the installer, and a message to write (only with content). */
export function Conversation({ flowHash, pollMs }: { flowHash: string; pollMs?: number }) {
  const messages = useLoad<CustomerMessage[]>(`/api/message/${enc(flowHash)}/getbycustomer`, pollMs);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (!content.trim()) {
      setError(TX.messageRequired);
      return;
    }
    setBusy(true);
    try {
      await customerApi.post(`/api/message/${enc(flowHash)}/savebycustomer`, { content: content.trim() });
      setContent('');
      setError(null);
      setSent(true);
      await messages.reload();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const list = [...(messages.data ?? [])].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <div className="c-conversation">
      {!messages.data && !messages.error && <Loading />}
      {messages.error !== undefined && !messages.data && (
        <Alert tone="error">{messageOf(messages.error)}</Alert>
      )}
      {messages.data &&
        (list.length === 0 ? (
          <p className="c-muted">{TX.noMessages}</p>
        ) : (
          <ol className="c-messages" aria-label={TX.messages}>
            {list.map((m) => (
              <li key={m.id} className={`c-message c-message--${m.from}`}>
                <div className="c-message__meta">
                  {m.from === 'customer' ? TX.you : m.author_name} · {formatDateTime(m.created_at)}
                </div>
                <p className="c-message__text">{m.content}</p>
              </li>
            ))}
          </ol>
        ))}
      <form className="c-form" onSubmit={submit} noValidate>
        <Field label={TX.yourMessage} error={error}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              value={content}
              maxLength={5000}
              onChange={(e) => {
                setContent(e.currentTarget.value);
                if (error) setError(null);
              }}
            />
          )}
        </Field>
        {sent && <Alert tone="success">{TX.messageSent}</Alert>}
        <div className="c-actions">
          <Button type="submit" variant="primary" busy={busy}>
            {TX.send}
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * The questions panel: the flow's conversation, folded until opened; with the `questions` option it
 * opens by itself after 2000 ms (spec 002 sections 2 and 9) and comes into view.
 */
export function QuestionsPanel({
  flowHash,
  autoOpen,
  unread = 0,
}: {
  flowHash: string;
  autoOpen: boolean;
  unread?: number;
}) {
  const [open, setOpen] = useState(false);
  const opened = useDelayed(autoOpen, CUSTOMER_QUESTIONS_DELAY_MS);
  const panelId = useId();
  const section = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!opened) return;
    setOpen(true);
    const element = section.current;
    element?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    element?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [opened]);

  return (
    <div ref={section}>
      <Section
        title={TX.questions}
        actions={
          <Button aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            {open ? TX.closeQuestions : TX.openQuestions}
          </Button>
        }
      >
        {!open && unread > 0 && <p className="c-unread">{TX.questionsUnread(unread)}</p>}
        <div id={panelId} hidden={!open}>
          {open && <Conversation flowHash={flowHash} />}
          <p>
            <a href={customerHref('communicator', flowHash)}>{TX.fullConversation}</a>
          </p>
        </div>
      </Section>
    </div>
  );
}
