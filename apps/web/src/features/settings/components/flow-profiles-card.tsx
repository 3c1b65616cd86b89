import type { FlowProfile } from '@im/domain';
import { ActionIcon, Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { CreateByNameModal } from '../../../ui/form/create-by-name.modal';
import { required } from '../../../ui/form/validators';
import { ListCard } from '../../../ui/list-card';
import { toast } from '../../../ui/toasts';
import { useCreateFlowProfile, useFlowProfileMutations } from '../queries';

export const profilePath = (id: number) => `/account/company_flowprofiles/${id}`;

/** The request profiles: open, add, duplicate, delete (the standard one cannot go: the spec's message). */
export function FlowProfilesCard({
  profiles,
  standardId,
}: {
  profiles: readonly FlowProfile[];
  standardId: number | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isCreating, setCreating] = useState(false);
  const { duplicate, remove } = useFlowProfileMutations();

  const onDelete = async (profile: FlowProfile) => {
    const isSure = await confirm({
      title: t('common.deleteNamed', { name: profile.name }),
      message: t('settings.profiles.deleteConfirm', { name: profile.name }),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isSure) return;
    remove.mutate(profile.id, {
      onSuccess: () => toast.success(t('settings.profiles.deleted')),
      onError: (error) => showActionError(error),
    });
  };
  const onDuplicate = (profile: FlowProfile) =>
    duplicate.mutate(profile.id, {
      onSuccess: (copy) => {
        toast.success(t('settings.profiles.duplicated'));
        navigate(profilePath(copy.id));
      },
      onError: (error) => showActionError(error),
    });

  return (
    <ListCard
      title={t('settings.profiles.title')}
      add={{ label: t('settings.profiles.add'), onClick: () => setCreating(true) }}
      after={
        <CreateByNameModal
          opened={isCreating}
          onClose={() => setCreating(false)}
          title={t('settings.profiles.newTitle')}
          nameLabel={t('common.name')}
          initialValues={{ name: '' }}
          validate={(v) => ({ name: required(v.name) })}
          useCreate={useCreateFlowProfile}
          toRequest={(v) => v.name.trim()}
          createdMessage={() => t('settings.profiles.created')}
          onCreated={(created) => navigate(profilePath(created.id))}
        />
      }
    >
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {profiles.map((profile) => (
            <Table.Tr key={profile.id} data-testid="flow-profile-row">
              <Table.Td>
                <Group gap="xs" wrap="wrap">
                  <Anchor
                    component={Link}
                    to={profilePath(profile.id)}
                    aria-label={t('settings.profiles.open', { name: profile.name })}
                  >
                    <Text span size="sm" fw={500}>
                      {profile.name}
                    </Text>
                  </Anchor>
                  {profile.id === standardId && (
                    <Badge size="sm" variant="light">
                      {t('settings.profiles.standard')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td w={1}>
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={`${t('common.duplicate')}: ${profile.name}`}
                    onClick={() => onDuplicate(profile)}
                    loading={duplicate.isPending && duplicate.variables === profile.id}
                  >
                    <IconCopy size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('common.deleteNamed', { name: profile.name })}
                    onClick={() => void onDelete(profile)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ListCard>
  );
}
