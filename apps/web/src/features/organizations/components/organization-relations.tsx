import { Anchor, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreateRelationModal, type Relation } from '../../relations';

/** The organization's relations, and 'create relation by organization'. */
export function OrganizationRelations({
  organization,
  relations,
}: {
  organization: { id: number; name: string };
  relations: Relation[];
}) {
  const { t } = useTranslation();
  const [isCreating, creating] = useDisclosure(false);
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('organizations.relationsTitle')}
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={creating.open}>
          {t('organizations.newRelation')}
        </Button>
      </Group>
      {relations.length === 0 ? (
        <Text c="dimmed">{t('organizations.noRelations')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.name')}</Table.Th>
                <Table.Th>{t('relations.email')}</Table.Th>
                <Table.Th>{t('common.address')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {relations.map((relation) => (
                <Table.Tr key={relation.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/relation_detail/${relation.id}`} size="sm">
                      {relation.fullname}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{relation.email}</Table.Td>
                  <Table.Td>{relation.address}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateRelationModal opened={isCreating} onClose={creating.close} organization={organization} />
    </Card>
  );
}
