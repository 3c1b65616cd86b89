import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { toast } from '../../../ui/toasts';
import { MODULE_DESCRIPTION_MAX, type Module, useUpdateModule } from '../queries';

/** One module with its description, editable in place; saves only when it changed. */
export function ModuleDescriptionRow({ module }: { module: Module }) {
  const { t } = useTranslation();
  const update = useUpdateModule();
  const [description, setDescription] = useState(module.description);
  const isChanged = description.trim() !== module.description;
  const isTooLong = description.trim().length > MODULE_DESCRIPTION_MAX;

  const save = () =>
    update.mutate(
      { id: module.id, description: description.trim() },
      {
        onSuccess: (saved) => {
          setDescription(saved.description);
          toast.success(t('modules.saved', { tag: saved.tag }));
        },
        onError: (error) => showActionError(error),
      },
    );

  return (
    <Table.Tr>
      <Table.Td w={200}>
        <Text fw={600} size="sm">
          {module.tag}
        </Text>
      </Table.Td>
      <Table.Td>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (isChanged && !isTooLong) save();
          }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              flex={1}
              aria-label={t('modules.descriptionOf', { tag: module.tag })}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              error={isTooLong ? t('modules.tooLong', { max: MODULE_DESCRIPTION_MAX }) : undefined}
            />
            <Button
              type="submit"
              variant="light"
              disabled={!isChanged || isTooLong}
              loading={update.isPending}
            >
              {t('common.save')}
            </Button>
          </Group>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}
