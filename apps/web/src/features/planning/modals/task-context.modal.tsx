import { TASK_CONTEXT_MESSAGES, type Task, type TaskContextKind, verticalFitsTask } from '@im/domain';
import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { toast } from '../../../ui/toasts';
import { useAddTaskContext, useAddTaskContextType, useTaskContextOptions } from '../task-context-queries';

interface TaskContextModalProps extends FormModalProps {
  /** A template gets a context type (made on the flow when planned), a task a context (made now). */
  task: Pick<Task, 'id' | 'type' | 'is_template' | 'description'>;
}

/** "Taakcontext": a form or a document (type, optionally from a template) the task prepares. */
export function TaskContextModal({ opened, onClose, task }: TaskContextModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('planning.contexts.addTitle')}>
      <TaskContextForm task={task} onDone={onClose} />
    </FormModal>
  );
}

function TaskContextForm({ task, onDone }: { task: TaskContextModalProps['task']; onDone: () => void }) {
  const { t } = useTranslation();
  const options = useTaskContextOptions();
  const addType = useAddTaskContextType();
  const addContext = useAddTaskContext();
  const [kind, setKind] = useState<TaskContextKind>('form');
  const [verticalId, setVerticalId] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const forms = (options.data?.verticals ?? []).filter((v) => verticalFitsTask(v.type, task.type));
  const templates = (options.data?.document_templates ?? []).filter(
    (d) => d.document_type_id === null || String(d.document_type_id) === typeId,
  );
  const isPending = addType.isPending || addContext.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const target =
      kind === 'form'
        ? { vertical_id: verticalId ? Number(verticalId) : null }
        : {
            document_type_id: typeId ? Number(typeId) : null,
            document_template_id: templateId ? Number(templateId) : null,
          };
    if (kind === 'form' ? !verticalId : !typeId) {
      setError(TASK_CONTEXT_MESSAGES.formOrDocument);
      return;
    }
    const callbacks = {
      onSuccess: () => {
        toast.success(t('planning.contexts.saved'));
        onDone();
      },
      onError: (e: Error) => showActionError(e),
    };
    if (task.is_template) addType.mutate({ task_id: task.id, ...target }, callbacks);
    else addContext.mutate({ task_id: task.id, ...target }, callbacks);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('planning.contexts.kind')}
          value={kind}
          onChange={(value) => {
            setKind(value as TaskContextKind);
            setError(null);
          }}
          data={[
            { value: 'form', label: t('common.form') },
            { value: 'document', label: t('common.document') },
          ]}
          fullWidth
        />
        {kind === 'form' ? (
          <>
            <Select
              label={t('common.form')}
              data={forms.map((v) => ({ value: String(v.id), label: v.name }))}
              value={verticalId}
              onChange={(value) => {
                setVerticalId(value);
                setError(null);
              }}
              searchable
              required
              error={error}
              data-autofocus
            />
            {options.isSuccess && forms.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('planning.contexts.noForms')}
              </Text>
            )}
          </>
        ) : (
          <>
            <Select
              label={t('planning.contexts.documentType')}
              data={(options.data?.document_types ?? []).map((d) => ({
                value: String(d.id),
                label: d.description,
              }))}
              value={typeId}
              onChange={(value) => {
                setTypeId(value);
                setTemplateId(null);
                setError(null);
              }}
              searchable
              required
              error={error}
            />
            <Select
              label={t('planning.contexts.documentTemplate')}
              placeholder={t('planning.contexts.standardTemplate')}
              data={templates.map((d) => ({ value: String(d.id), label: d.title }))}
              value={templateId}
              onChange={setTemplateId}
              clearable
              disabled={!typeId}
            />
          </>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
