import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContactPersonModal } from '../modals/contact-person.modal';
import type { Organization } from '../types';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </Stack>
  );
}

/** Details of the organization with its contact person (changed through a relation typeahead). */
export function OrganizationDetails({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const [isChanging, changing] = useDisclosure(false);
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('organizations.detailsTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label={t('organizations.emailAddress')}>
          {organization.email && <Anchor href={`mailto:${organization.email}`}>{organization.email}</Anchor>}
        </Field>
        <Field label={t('organizations.phone')}>{organization.phone}</Field>
        <Field label={t('organizations.address')}>{organization.address}</Field>
        <Field label={t('organizations.cocNumber')}>{organization.coc_number}</Field>
        <Field label={t('organizations.vatNumber')}>{organization.vat_number}</Field>
      </SimpleGrid>
      <Group justify="space-between" mt="md" align="flex-end">
        <Field label={t('organizations.contactperson')}>
          {organization.contactperson ? (
            <Anchor component={Link} to={`/relation_detail/${organization.contactperson.id}`}>
              {organization.contactperson.fullname}
            </Anchor>
          ) : (
            t('organizations.noContactperson')
          )}
        </Field>
        <Button size="xs" variant="light" onClick={changing.open}>
          {t('organizations.changeContactperson')}
        </Button>
      </Group>
      <ContactPersonModal organization={organization} opened={isChanging} onClose={changing.close} />
    </Card>
  );
}
