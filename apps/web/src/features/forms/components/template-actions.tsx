import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useStageAction, useStageTemplates } from '../queries';
import { TemplateNameModal } from './stage-common';

/** Save as template (asks a name) and apply a template (adds its forms). */
export function TemplateActions({ kind, id }: { kind: 'intake' | 'project'; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useStageAction<never>(kind, id);
  const [isSaving, setSaving] = useState(false);
  const [isApplying, setApplying] = useState(false);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const templates = useStageTemplates(kind, isApplying);
  const onSave = async (name: string) => {
    const created = (await action.mutateAsync({ action: 'saveastemplate', body: { name } })) as unknown as {
      id: number;
    };
    setSaving(false);
    toast.success(t('forms.templateSaved'));
    navigate(`/${kind}template_detail/${created.id}`);
  };
  const onApply = async () => {
    if (
      !templateId ||
      !(await confirm({ title: t('forms.resetToTemplate'), message: t('forms.confirmReset') }))
    )
      return;
    await action.mutateAsync({
      action: 'resettotemplate',
      body:
        kind === 'intake'
          ? { intaketemplate_id: Number(templateId) }
          : { projecttemplate_id: Number(templateId) },
    });
    setApplying(false);
  };
  return (
    <>
      <Button variant="default" size="sm" onClick={() => setSaving(true)}>
        {t('forms.saveAsTemplate')}
      </Button>
      <Button variant="default" size="sm" onClick={() => setApplying(true)}>
        {t('forms.resetToTemplate')}
      </Button>
      <TemplateNameModal
        opened={isSaving}
        title={t('forms.saveAsTemplate')}
        onClose={() => setSaving(false)}
        onSave={(name) => void onSave(name)}
        isPending={action.isPending}
        error={action.error?.message}
      />
      <Modal
        opened={isApplying}
        onClose={() => setApplying(false)}
        title={t('forms.resetToTemplate')}
        closeOnClickOutside={false}
      >
        <Stack>
          <Select
            label={t('forms.chooseTemplate')}
            data={(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            value={templateId}
            onChange={setTemplateId}
            error={action.error?.message}
          />
          <Group justify="flex-end">
            <Button onClick={() => void onApply()} disabled={!templateId} loading={action.isPending}>
              {t('forms.resetToTemplate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
