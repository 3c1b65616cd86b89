import { MAX_WEBHOOK_TAGS, MERGE_TAGS, type WebhookTag } from '@im/domain';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBraces, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type TagErrors = Record<string, string | undefined>;

interface Props {
  title: string;
  /** The list's name in the contract (`header_tags`): error keys are `<list>.<i>.<field>`. */
  list: string;
  tags: WebhookTag[];
  errors: TagErrors;
  note?: string;
  onChange: (tags: WebhookTag[]) => void;
}

const EMPTY: WebhookTag = { fieldkey: '', fieldvalue: '', example: '', nullvalue: '' };

/** One tag list of a connection: a card per row (fieldkey, fieldvalue with merge tags, example, nullvalue). */
export function TagEditor({ title, list, tags, errors, note, onChange }: Props) {
  const { t } = useTranslation();
  // Rows have no id of their own: keys that follow a row when another one is removed.
  const ids = useRef<number[]>([]);
  const nextId = useRef(0);
  while (ids.current.length < tags.length) ids.current.push(nextId.current++);
  ids.current.length = tags.length;
  const removeRow = (i: number) => {
    ids.current.splice(i, 1);
    onChange(tags.filter((_, j) => j !== i));
  };
  const set = (i: number, field: keyof WebhookTag, value: string) =>
    onChange(tags.map((tag, j) => (j === i ? { ...tag, [field]: value } : tag)));
  const input = (i: number, field: keyof WebhookTag) => ({
    value: tags[i]![field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(i, field, e.currentTarget.value),
    error: errors[`${list}.${i}.${field}`],
    size: 'sm' as const,
  });
  const listError = errors[list];
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={tags.length >= MAX_WEBHOOK_TAGS}
          onClick={() => onChange([...tags, { ...EMPTY }])}
          aria-label={`${t('webhooks.addTag')}: ${title}`}
        >
          {t('webhooks.addTag')}
        </Button>
      </Group>
      {note && (
        <Text size="sm" c="dimmed" mb="xs">
          {note}
        </Text>
      )}
      {listError && (
        <Text size="sm" c="red" role="alert" mb="xs">
          {listError}
        </Text>
      )}
      {tags.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('webhooks.noTags')}
        </Text>
      ) : (
        <Stack gap="xs">
          {tags.map((tag, i) => {
            const n = i + 1;
            return (
              <Paper
                key={ids.current[i]}
                withBorder
                p="xs"
                radius="sm"
                aria-label={`${title}: ${t('webhooks.row', { n })}`}
                component="fieldset"
                style={{ margin: 0, minWidth: 0 }}
              >
                <Group align="flex-start" wrap="nowrap" gap="xs">
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
                    <TextInput label={t('webhooks.fieldkey')} required {...input(i, 'fieldkey')} />
                    <TextInput
                      label={t('common.value')}
                      {...input(i, 'fieldvalue')}
                      rightSectionWidth={36}
                      rightSection={
                        <MergeTagMenu
                          label={t('webhooks.insertMergeTag', { n })}
                          onPick={(code) => set(i, 'fieldvalue', `${tag.fieldvalue}${code}`)}
                        />
                      }
                    />
                    <TextInput label={t('webhooks.example')} {...input(i, 'example')} />
                    <TextInput label={t('webhooks.nullvalue')} {...input(i, 'nullvalue')} />
                  </SimpleGrid>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mt={24}
                    aria-label={`${t('webhooks.removeTag', { n })} (${title})`}
                    onClick={() => removeRow(i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

function MergeTagMenu({ label, onPick }: { label: string; onPick: (code: string) => void }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={300}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} title={label}>
          <IconBraces size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {MERGE_TAGS.map((tag) => (
          <Menu.Item key={tag.tag} onClick={() => onPick(`{{ ${tag.tag} }}`)}>
            <Text size="sm">{tag.description}</Text>
            <Text size="xs" c="dimmed">{`{{ ${tag.tag} }}`}</Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
