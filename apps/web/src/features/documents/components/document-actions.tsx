import { DOCUMENT_STATUS_LABELS, DOCUMENT_TEXTS, INVOICE_TEXTS, type SalesDocument } from '@im/domain';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '../../../ui/confirm-dialog';
import { formatMoney } from '../../../ui/format';
import { useIsPhone } from '../../../ui/responsive';
import { toast } from '../../../ui/toasts';
import { detailPath } from '../kinds';
import { ChoiceModal } from '../modals/choice.modal';
import { CreateInvoiceModal } from '../modals/create-invoice.modal';
import { EditDocumentModal } from '../modals/edit-document.modal';
import { RegisterPaymentModal } from '../modals/register-payment.modal';
import { SendDocumentModal } from '../modals/send-document.modal';
import {
  useAvailableInvoices,
  useDocumentCall,
  useDocumentTypes,
  useTemplates,
  useUpdateDocument,
} from '../queries';
import { type DocumentDialog, showCreateFailed, useDocumentActions } from './use-document-actions';

/** The editor's actions: 'Versturen' and 'Bewerken' as buttons on a desk, everything in 'Acties' on a phone. */
export function DocumentActions({ document }: { document: SalesDocument }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [dialog, setDialog] = useState<DocumentDialog | null>(null);
  const actions = useDocumentActions(document, setDialog);
  const inline = isPhone ? [] : actions.filter((a) => a.key === 'send' || a.key === 'edit');
  const inMenu = actions.filter((a) => !inline.includes(a));

  return (
    <Group gap="xs" wrap="nowrap">
      {inline.map((action) => (
        <Button
          key={action.key}
          variant={action.key === 'send' ? 'filled' : 'default'}
          leftSection={action.icon}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={16} />}>
            {t('common.actions')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {inMenu.map((action, index) => (
            <Fragment key={action.key}>
              {action.isGroupStart && index > 0 && <Menu.Divider />}
              <Menu.Item leftSection={action.icon} color={action.color} onClick={action.onClick}>
                {action.label}
              </Menu.Item>
            </Fragment>
          ))}
        </Menu.Dropdown>
      </Menu>
      <DocumentDialogs document={document} dialog={dialog} onClose={() => setDialog(null)} />
    </Group>
  );
}

function DocumentDialogs({
  document,
  dialog,
  onClose,
}: {
  document: SalesDocument;
  dialog: DocumentDialog | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { kind, id } = document;
  const update = useUpdateDocument(kind, id);
  const saveAsTemplate = useDocumentCall(kind, id, 'saveastemplate');
  const resetToTemplate = useDocumentCall(kind, id, 'resettotemplate');
  const createDocument = useDocumentCall(
    kind,
    id,
    kind === 'confirmation' ? 'createdocumentfromconfirmation' : 'createdocumentfromquotation',
  );
  const templates = useTemplates(kind, dialog === 'resetToTemplate');
  const linkPartial = useDocumentCall(kind, id, 'linkpartialinvoice');
  const available = useAvailableInvoices(id, kind === 'invoice' && dialog === 'linkPartial');
  const types = useDocumentTypes(dialog === 'createDocument');

  return (
    <>
      <SendDocumentModal document={document} opened={dialog === 'send'} onClose={onClose} />
      {(kind === 'quotation' || kind === 'confirmation') && (
        <CreateInvoiceModal document={document} opened={dialog === 'createInvoice'} onClose={onClose} />
      )}
      {kind === 'invoice' && (
        <RegisterPaymentModal document={document} opened={dialog === 'registerPayment'} onClose={onClose} />
      )}
      {kind === 'invoice' && (
        <ChoiceModal
          opened={dialog === 'linkPartial'}
          onClose={onClose}
          title={t('documents.linkPartial')}
          label={t('documents.firstPartial')}
          description={available.data?.length === 0 ? t('documents.noLinkChoices') : undefined}
          options={available.data?.map((inv) => ({
            value: String(inv.id),
            label: `${inv.number ?? ''} · ${inv.title} · ${formatMoney(inv.billed_inc)}`,
          }))}
          submitLabel={t('documents.linkPartial')}
          onSubmit={async (value) => {
            if (!(await confirm({ title: t('documents.linkPartial'), message: INVOICE_TEXTS.linkConfirm })))
              throw undefined;
            await linkPartial.mutateAsync({ first_invoice_id: Number(value) });
            toast.success(t('documents.linked'));
          }}
        />
      )}
      <EditDocumentModal document={document} opened={dialog === 'edit'} onClose={onClose} />
      <ChoiceModal
        opened={dialog === 'rollback'}
        onClose={onClose}
        title={t('documents.rollback')}
        label={t('documents.rollbackTo')}
        options={document.rollback_targets.map((s) => ({ value: s, label: DOCUMENT_STATUS_LABELS[s] }))}
        initialValue={document.rollback_targets[0] ?? null}
        submitLabel={t('documents.rollback')}
        onSubmit={async (status) => {
          await update.mutateAsync({
            status: status as SalesDocument['status'],
            update_reason: 'rollbackstatus',
          });
          toast.success(t('documents.rolledBack'));
        }}
      />
      <ChoiceModal
        opened={dialog === 'saveAsTemplate'}
        onClose={onClose}
        title={t('documents.saveAsTemplate')}
        label={t('common.name')}
        isText
        initialValue={document.title}
        submitLabel={t('documents.saveAsTemplate')}
        onSubmit={async (name) => {
          await saveAsTemplate.mutateAsync({ name });
          toast.success(t('documents.savedAsTemplate'));
        }}
      />
      <ChoiceModal
        opened={dialog === 'resetToTemplate'}
        onClose={onClose}
        title={t('documents.resetToTemplate')}
        label={t('common.template')}
        options={templates.data
          ?.filter((tpl) => tpl.id !== id)
          .map((tpl) => ({ value: String(tpl.id), label: tpl.title }))}
        submitLabel={t('documents.resetToTemplate')}
        onSubmit={async (templateId) => {
          if (
            !(await confirm({
              title: t('documents.resetToTemplate'),
              message: DOCUMENT_TEXTS.resetToTemplateConfirm,
            }))
          )
            throw undefined;
          await resetToTemplate.mutateAsync({ template_id: Number(templateId) });
          toast.success(t('documents.resetDone'));
        }}
      />
      <ChoiceModal
        opened={dialog === 'createDocument'}
        onClose={onClose}
        title={t('documents.createDocument')}
        label={t('common.documentType')}
        options={types.data
          ?.filter((type) => type.flowstage !== null)
          .map((type) => ({ value: String(type.id), label: type.description }))}
        submitLabel={t('common.create')}
        onSubmit={(typeId) =>
          createDocument.mutateAsync({ document_type_id: Number(typeId) }).then(
            (created) => navigate(detailPath(created.kind, created.id)),
            (error: Error) => {
              showCreateFailed('document', error);
              throw error;
            },
          )
        }
      />
    </>
  );
}
