import type { PartnerDetail } from '@im/domain';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfirmedDelete } from '../../../ui/detail';
import { ListCard } from '../../../ui/list-card';
import { PartnerUserModal } from '../modals/partner-user.modal';
import { useRemovePartnerUser } from '../queries';

/** The partner's logins: add one, remove one (after confirmation). */
export function PartnerUsers({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const [isAdding, adding] = useDisclosure(false);
  const remove = useRemovePartnerUser(partner.id);
  const confirmRemove = useConfirmedDelete(remove);

  return (
    <ListCard
      title={t('partners.usersTitle')}
      add={{ label: t('partners.newUser'), onClick: adding.open }}
      emptyText={partner.users.length === 0 && t('partners.noUsers')}
      after={<PartnerUserModal partnerId={partner.id} opened={isAdding} onClose={adding.close} />}
    >
      {partner.users.map((u) => (
        <Group key={u.id} justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={500} truncate>
              {u.fullname}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {u.email}
            </Text>
          </Stack>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`${t('partners.removeUser')}: ${u.fullname}`}
            onClick={() =>
              void confirmRemove(u.id, {
                title: t('partners.removeUserTitle'),
                message: t('partners.removeUserMessage', { name: u.fullname }),
                deleted: t('partners.userRemoved'),
              })
            }
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
    </ListCard>
  );
}
