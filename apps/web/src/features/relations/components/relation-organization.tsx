import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { toast } from '../../../ui/toasts';
import { LinkOrganizationModal } from '../modals/link-organization.modal';
import { useUpdateRelation } from '../queries';
import type { Relation } from '../types';

/** The relation's organization: open it, change or create one, or unlink. */
export function RelationOrganization({ relation }: { relation: Relation }) {
  const { t } = useTranslation();
  const [isLinking, linking] = useDisclosure(false);
  const update = useUpdateRelation(relation.id);
  const onUnlink = () =>
    update.mutate(
      { update_reason: 'changeorganization', organization_id: null },
      {
        onSuccess: () => toast.success(t('relations.organizationChanged')),
        onError: (error) => showActionError(error),
      },
    );

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('common.organization')}
        </Title>
        <Group gap="xs">
          {relation.organization && (
            <Button size="xs" variant="subtle" color="gray" onClick={onUnlink} loading={update.isPending}>
              {t('relations.unlinkOrganization')}
            </Button>
          )}
          <Button size="xs" variant="light" onClick={linking.open}>
            {relation.organization ? t('relations.changeOrganization') : t('relations.linkOrganization')}
          </Button>
        </Group>
      </Group>
      {relation.organization ? (
        <Anchor component={Link} to={`/organization_detail/${relation.organization.id}`}>
          {relation.organization.name}
        </Anchor>
      ) : (
        <Text c="dimmed">{t('relations.noOrganization')}</Text>
      )}
      <LinkOrganizationModal relation={relation} opened={isLinking} onClose={linking.close} />
    </Card>
  );
}
