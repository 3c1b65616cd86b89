import type { Intake, Project } from '@im/domain';
import { Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVerticals } from '../../../api/verticals';
import { SectionCard } from './section-card';

/** A template's own fields: name, description and the forms a new one starts with. */
export function TemplateFields({
  template,
  type,
  onSave,
  isSaving,
  error,
}: {
  template: Intake | Project;
  type: 'intake' | 'project';
  onSave: (body: { name: string; description: string; vertical_ids: number[] }) => void;
  isSaving: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const verticals = useVerticals(type);
  const [name, setName] = useState(template.name);
  const [description, setDescription] = useState(template.description);
  const [ids, setIds] = useState(template.vertical_ids.map(String));
  return (
    <SectionCard title={t('forms.forms')}>
      <Stack gap="sm">
        <TextInput
          label={t('common.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
        />
        <TextInput
          label={t('common.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <MultiSelect
          label={t('forms.formsOfTemplate')}
          data={(verticals.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
          value={ids}
          onChange={setIds}
          searchable
        />
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            loading={isSaving}
            disabled={!name.trim()}
            onClick={() => onSave({ name, description, vertical_ids: ids.map(Number) })}
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
