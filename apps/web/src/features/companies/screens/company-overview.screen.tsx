import { Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CompaniesTable } from '../components/companies-table';
import { CreateCompanyModal } from '../modals/create-company.modal';

export function CompanyOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isCreating, creating] = useDisclosure(false);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('companies.overviewTitle')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={creating.open}>
          {t('companies.newCompany')}
        </Button>
      </Group>
      <CompaniesTable tableKey="admin-companies" />
      <CreateCompanyModal
        opened={isCreating}
        onClose={creating.close}
        onCreated={(company) => navigate(`/company_detail/${company.id}`)}
      />
    </Stack>
  );
}
