import { Anchor, Button, Card, Group, SimpleGrid, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailField } from '../../../ui/detail';
import { ContactPersonModal } from '../modals/contact-person.modal';
import type { Organization } from '../types';

/** Details of the organization with its contact person (changed through a relation typeahead). */
export function OrganizationDetails({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const [isChanging, changing] = useDisclosure(false);
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('common.details')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DetailField label={t('organizations.emailAddress')}>
          {organization.email && <Anchor href={`mailto:${organization.email}`}>{organization.email}</Anchor>}
        </DetailField>
        <DetailField label={t('common.phone')}>{organization.phone}</DetailField>
        <DetailField label={t('common.address')}>{organization.address}</DetailField>
        <DetailField label={t('organizations.cocNumber')}>{organization.coc_number}</DetailField>
        <DetailField label={t('organizations.vatNumber')}>{organization.vat_number}</DetailField>
        {organization.oin && <DetailField label={t('organizations.oin')}>{organization.oin}</DetailField>}
        {organization.buyer_reference && (
          <DetailField label={t('organizations.buyerReference')}>{organization.buyer_reference}</DetailField>
        )}
        {organization.order_reference && (
          <DetailField label={t('organizations.orderReference')}>{organization.order_reference}</DetailField>
        )}
      </SimpleGrid>
      <Group justify="space-between" mt="md" align="flex-end">
        <DetailField label={t('organizations.contactperson')}>
          {organization.contactperson ? (
            <Anchor component={Link} to={`/relation_detail/${organization.contactperson.id}`}>
              {organization.contactperson.fullname}
            </Anchor>
          ) : (
            t('organizations.noContactperson')
          )}
        </DetailField>
        <Button size="xs" variant="light" onClick={changing.open}>
          {t('organizations.changeContactperson')}
        </Button>
      </Group>
      <ContactPersonModal organization={organization} opened={isChanging} onClose={changing.close} />
    </Card>
  );
}
