import { CUSTOMER_DOCUMENT_ERRORS, type CustomerInvoice, INVOICE_TEXTS } from '@im/domain';
import { Alert, Box, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconCreditCard, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { api, isApiError } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { useDocumentTitle } from '../../../app/branding';
import { FULL_HEIGHT } from '../../../app/page-scale';
import { showActionError } from '../../../ui/alert-dialog';
import { formatMoney } from '../../../ui/format';
import { DocumentStatusBadge, SandboxedSheet, sheetScale } from '../../documents';

const TEXTS = {
  title: (number: number | null) => (number === null ? 'Factuur' : `Factuur ${number}`),
  amount: 'Te betalen',
  amountCredit: 'Te verrekenen',
  pay: 'Betalen met iDEAL',
  download: 'PDF downloaden',
  sheet: 'Uw factuur',
  loading: 'Laden…',
};

/**
 * /customer_invoice_detail/{invoiceHash}: the invoice as the customer was sent it, its amount and due
 * label, the PDF, and 'Betalen' while a payment link is open. `?paymentCompleted=1` (the payment
 * provider's return) shows the payment-completed message (spec 002 section 2).
 */
export function CustomerInvoiceScreen() {
  const hash = useParams().invoiceHash ?? '';
  const [search] = useSearchParams();
  const isPaymentReturn = search.get('paymentCompleted') === '1' || search.get('paymentCompleted') === 'true';
  const invoice = useQuery({
    queryKey: ['customer-invoice', hash],
    queryFn: ({ signal }) =>
      api.get<CustomerInvoice>(`/api/invoice/${encodeURIComponent(hash)}/getbycustomer`, { signal }),
    retry: false,
    // After paying, the provider's webhook may arrive a moment later: look again shortly.
    refetchInterval: (query) => (isPaymentReturn && query.state.data?.status === 'sent' ? 3000 : false),
  });
  const { ref, width } = useElementSize();
  useDocumentTitle(
    invoice.data ? `${TEXTS.title(invoice.data.number)} · ${invoice.data.company_name}` : 'Factuur',
  );

  if (invoice.isError) {
    const gone = isApiError(invoice.error, 410);
    return (
      <Frame>
        <Alert color="red" icon={<IconAlertTriangle />} role="alert" maw={640} mx="auto" mt="xl">
          {gone ? CUSTOMER_DOCUMENT_ERRORS.invoice.gone : CUSTOMER_DOCUMENT_ERRORS.invoice.notFound}
        </Alert>
      </Frame>
    );
  }
  if (!invoice.data)
    return (
      <Frame>
        <Group justify="center" mt="xl">
          <Loader aria-label={TEXTS.loading} />
        </Group>
      </Frame>
    );
  const d = invoice.data;
  return (
    <Frame company={d.company_name}>
      <Stack gap="md">
        {isPaymentReturn && (
          <Alert color="green" icon={<IconCircleCheck />} role="status">
            {INVOICE_TEXTS.paymentCompleted}
          </Alert>
        )}
        <Card withBorder padding="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Group gap="sm" wrap="nowrap">
                <Title order={1} size="h2">
                  {TEXTS.title(d.number)}
                </Title>
                <DocumentStatusBadge status={d.status} />
              </Group>
              <Text>{d.title}</Text>
              <Text size="sm" c={d.due.color === 'red' ? 'red.8' : 'dimmed'}>
                {d.due.text}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end">
              <Text size="sm" c="dimmed">
                {d.billed_inc < 0 ? TEXTS.amountCredit : TEXTS.amount}
              </Text>
              <Text fw={700} size="xl" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(d.billed_inc)}
              </Text>
            </Stack>
          </Group>
          <Group gap="sm" mt="md" wrap="wrap">
            {d.payment_url && (
              <Button component="a" href={d.payment_url} leftSection={<IconCreditCard size={18} />} size="md">
                {TEXTS.pay}
              </Button>
            )}
            {d.has_pdf && (
              <Button
                variant="default"
                size="md"
                leftSection={<IconDownload size={18} />}
                onClick={() =>
                  downloadFile(
                    `/api/invoice/${encodeURIComponent(hash)}/downloadbycustomer`,
                    `${TEXTS.title(d.number)}.pdf`,
                  ).catch((e: unknown) => showActionError(e))
                }
              >
                {TEXTS.download}
              </Button>
            )}
          </Group>
        </Card>
        <Card withBorder padding="xs" bg="gray.1" component="section" aria-label={TEXTS.sheet}>
          <Box ref={ref} w="100%">
            <SandboxedSheet html={d.html} title={TEXTS.sheet} scale={sheetScale(width)} />
          </Box>
        </Card>
      </Stack>
    </Frame>
  );
}

/** The customer's page frame: the installer's name on top, no staff navigation. */
function Frame({ company, children }: { company?: string; children: React.ReactNode }) {
  return (
    <Box mih={FULL_HEIGHT} bg="gray.0">
      <Box component="header" bg="var(--mantine-color-blue-8)" c="white" py="sm">
        <Container size="md">
          <Text fw={700} size="lg">
            {company ?? '\u00a0'}
          </Text>
        </Container>
      </Box>
      <Container size="md" component="main" py="md">
        {children}
      </Container>
    </Box>
  );
}
