import type { InvoiceReferences as References, SalesDocument } from '@im/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { toast } from '../../../ui/toasts';
import { useUpdateInvoiceReferences } from '../queries';

/**
 * The customer's reference ('Uw referentie') and purchase order number ('Inkoopordernummer') that the
 * e-invoice carries (decision 035): editable until sent; empty takes the organization's.
 */
export function InvoiceReferences({ document }: { document: SalesDocument }) {
  const { t } = useTranslation();
  const inv = document.invoice!;
  const isEditable = document.date_send === null;
  const [values, setValues] = useState<Required<References>>({
    buyer_reference: inv.buyer_reference,
    order_reference: inv.order_reference,
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const update = useUpdateInvoiceReferences(document.id);
  if (!isEditable) {
    const buyer = inv.buyer_reference || inv.customer_buyer_reference;
    const order = inv.order_reference || inv.customer_order_reference;
    if (!buyer && !order) return null;
    return (
      <Stack gap={2} mt="xs">
        {buyer && <Text size="sm">{`${t('documents.buyerReference')}: ${buyer}`}</Text>}
        {order && <Text size="sm">{`${t('documents.orderReference')}: ${order}`}</Text>}
      </Stack>
    );
  }
  const isChanged =
    values.buyer_reference !== inv.buyer_reference || values.order_reference !== inv.order_reference;
  const save = () =>
    update.mutate(values, {
      onSuccess: () => {
        setErrors({});
        toast.success(t('documents.referencesSaved'));
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.errors : {};
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])));
        if (Object.keys(fields).length === 0) toast.error(error.message);
      },
    });
  return (
    <Stack gap="xs" mt="xs">
      <TextInput
        size="sm"
        label={t('documents.buyerReference')}
        placeholder={inv.customer_buyer_reference || t('documents.buyerReferencePlaceholder')}
        maxLength={100}
        value={values.buyer_reference}
        error={errors.buyer_reference}
        onChange={(e) => setValues({ ...values, buyer_reference: e.currentTarget.value })}
      />
      <TextInput
        size="sm"
        label={t('documents.orderReference')}
        placeholder={inv.customer_order_reference}
        maxLength={100}
        value={values.order_reference}
        error={errors.order_reference}
        onChange={(e) => setValues({ ...values, order_reference: e.currentTarget.value })}
      />
      {isChanged && (
        <Group justify="flex-end">
          <Button size="xs" onClick={save} loading={update.isPending}>
            {t('documents.saveReferences')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
