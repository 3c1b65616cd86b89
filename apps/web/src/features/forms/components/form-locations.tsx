import type { FlowDataItem, FormValue, VerticalDataField } from '@im/domain';
import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMapPin, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useFormTexts } from '../i18n';
import { useLocationAction } from '../queries';

/**
 * A form whose fields allow locations keeps named locations (the garage, the attic), each with its own
 * values of those fields (spec 002 section 7: addLocation, removeLocation, updateLocationData).
 */
export function FormLocations({ item, fields }: { item: FlowDataItem; fields: VerticalDataField[] }) {
  const tx = useFormTexts();
  const locationFields = fields.filter((f) => f.allow_locations && f.field_type !== 'photo');
  const action = useLocationAction(item.id);
  const [name, setName] = useState('');
  if (locationFields.length === 0) return null;
  const fail = (error: Error) => toast.error(error.message);
  const onAdd = () =>
    action.mutate({ action: 'addlocation', body: { name } }, { onSuccess: () => setName(''), onError: fail });
  const save = (locationId: string, fieldName: string, value: FormValue) =>
    action.mutate(
      {
        action: 'updatelocationdata',
        body: { locationData: { location_id: locationId, values: { [fieldName]: value } } },
      },
      { onError: fail },
    );
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h5">
        {tx.locations}
      </Title>
      {item.locations.map((location) => (
        <Card key={location.id} withBorder padding="sm" component="section" aria-label={location.name}>
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text fw={600} size="sm">
                {location.name}
              </Text>
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`${tx.removeLocation}: ${location.name}`}
              onClick={async () => {
                if (
                  await confirm({
                    title: tx.removeLocation,
                    message: tx.confirmRemoveLocation,
                    isDanger: true,
                  })
                )
                  action.mutate(
                    { action: 'removelocation', body: { location_id: location.id } },
                    { onError: fail },
                  );
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <Stack gap={6}>
            {locationFields.map((f) => (
              <TextInput
                key={`${location.id}-${f.id}`}
                label={f.field_label}
                defaultValue={
                  location.values[f.field_name] === null || location.values[f.field_name] === undefined
                    ? ''
                    : String(location.values[f.field_name])
                }
                onBlur={(e) => {
                  const value = e.currentTarget.value;
                  if (value !== String(location.values[f.field_name] ?? ''))
                    save(location.id, f.field_name, value);
                }}
              />
            ))}
          </Stack>
        </Card>
      ))}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={tx.locationName}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={!name.trim()}
          loading={action.isPending}
          onClick={onAdd}
        >
          {tx.addLocation}
        </Button>
      </Group>
    </Stack>
  );
}
