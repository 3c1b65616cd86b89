import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { useForceDeleteCompanyAction, useRestoreCompanyAction } from '../components/use-company-actions';
import { useCompany } from '../queries';

/**
 * /company_delete/{companyId}/{type}: says what will happen, asks for confirmation (cancel does
 * nothing), then runs it. The route table only lets `forceDelete` and `restore` through.
 */
export function CompanyDeleteScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.companyId);
  const isRestore = params.type === 'restore';
  const company = useCompany(id);
  const forceDelete = useForceDeleteCompanyAction();
  const restore = useRestoreCompanyAction();
  const name = company.data?.name ?? `#${id}`;

  const run = () => {
    const target = { id, name };
    if (isRestore) void restore(target, () => navigate('/company_trashcan'));
    else void forceDelete(target);
  };

  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to="/company_trashcan" size="sm">
        ← {t('companies.backToTrashcan')}
      </Anchor>
      <Title order={1}>{isRestore ? t('companies.restoreTitle') : t('companies.forceDeleteTitle')}</Title>
      {company.isPending && <Loader aria-label={t('app.loading')} />}
      {/* After a permanent delete the refetch answers 404: the screen keeps what it showed. */}
      {company.isError && !company.data && (
        <Alert color="red">
          {isApiError(company.error, 404) ? t('companies.notFound') : company.error.message}
        </Alert>
      )}
      {company.data && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            {isRestore ? (
              <Text>{t('companies.restoreExplain', { name })}</Text>
            ) : (
              <Alert color="red" icon={<IconAlertTriangle size={18} />}>
                {t('companies.forceDeleteExplain', { name })}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/company_trashcan">
                {t('common.cancel')}
              </Button>
              <Button
                color={isRestore ? undefined : 'red'}
                leftSection={isRestore ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
                onClick={run}
              >
                {isRestore ? t('companies.restore') : t('companies.forceDelete')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
