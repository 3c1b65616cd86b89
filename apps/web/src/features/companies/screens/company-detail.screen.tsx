import { Alert, Anchor, Badge, Button, Card, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { formatDate } from '../../../ui/format';
import { CompanySubscriptions } from '../../subscriptions';
import { CompanyForm } from '../components/company-form';
import { CompanyModules } from '../components/company-modules';
import { CompanyProducts } from '../components/company-products';
import { CompanyRelations } from '../components/company-relations';
import { CompanyUsers } from '../components/company-users';
import { CompanyVerticals } from '../components/company-verticals';
import { useTrashCompanyAction } from '../components/use-company-actions';
import { useCompany } from '../queries';

export function CompanyDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().companyId);
  const company = useCompany(id);
  const trash = useTrashCompanyAction();
  const data = company.data;
  const isTrashed = Boolean(data?.deleted_at);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={isTrashed ? '/company_trashcan' : '/company_overview'} size="sm">
        ← {isTrashed ? t('companies.trashcanTitle') : t('companies.overviewTitle')}
      </Anchor>
      {company.isPending && <Loader aria-label={t('app.loading')} />}
      {company.isError && !data && (
        <Alert color="red">
          {isApiError(company.error, 404) ? t('companies.notFound') : company.error.message}
        </Alert>
      )}
      {data && (
        <>
          <Group justify="space-between" align="flex-start">
            <div>
              <Group gap="sm">
                <Title order={1}>{data.name}</Title>
                {isTrashed && <Badge color="red">{t('companies.trashed')}</Badge>}
              </Group>
              <Text c="dimmed" size="sm">
                #{data.id} · {data.country} · {t('companies.users')}: {data.users_count} ·{' '}
                {t('common.createdAt')} {formatDate(data.created_at)}
              </Text>
            </div>
            {isTrashed ? (
              <Group gap="sm">
                <Button
                  variant="light"
                  leftSection={<IconArrowBackUp size={16} />}
                  onClick={() => navigate(`/company_delete/${data.id}/restore`)}
                >
                  {t('companies.restore')}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => navigate(`/company_delete/${data.id}/forceDelete`)}
                >
                  {t('companies.forceDelete')}
                </Button>
              </Group>
            ) : (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => void trash(data)}
              >
                {t('common.delete')}
              </Button>
            )}
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Card withBorder padding="lg" h="100%">
                <Title order={2} size="h4" mb="md">
                  {t('common.details')}
                </Title>
                <CompanyForm key={`${data.id}-${data.created_at}`} company={data} />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Card withBorder padding="lg" h="100%">
                <Title order={2} size="h4" mb="xs">
                  {t('companies.modulesTitle')}
                </Title>
                <CompanyModules company={data} />
              </Card>
            </Grid.Col>
          </Grid>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="xs">
              {t('companies.subscriptionsTitle')}
            </Title>
            <CompanySubscriptions companyId={data.id} canAdd={!isTrashed} />
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="xs">
              {t('companies.usersTitle')}
            </Title>
            <CompanyUsers companyId={data.id} canAdd={!isTrashed} />
          </Card>
          {!isTrashed && (
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="xs">
                {t('companies.productsTitle')}
              </Title>
              <CompanyProducts companyId={data.id} />
            </Card>
          )}
          {!isTrashed && (
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="xs">
                {t('companies.formsTitle')}
              </Title>
              <CompanyVerticals companyId={data.id} />
            </Card>
          )}
          {!isTrashed && (
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="xs">
                {t('companies.relationsTitle')}
              </Title>
              <CompanyRelations companyId={data.id} />
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
