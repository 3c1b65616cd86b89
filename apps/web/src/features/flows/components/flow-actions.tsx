import { Button, Menu } from '@mantine/core';
import {
  IconArrowMerge,
  IconCopy,
  IconDots,
  IconEdit,
  IconPlus,
  IconProgress,
  IconRefresh,
  IconTrash,
  IconUserEdit,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showActionError, showAlert } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { ChangeStatusModal } from '../modals/change-status.modal';
import { CreateFlowModal } from '../modals/create-flow.modal';
import { EditFlowModal } from '../modals/edit-flow.modal';
import { EditFlowContactPersonModal } from '../modals/edit-flow-contactperson.modal';
import { MergeFlowModal } from '../modals/merge-flow.modal';
import { RejectFlowModal } from '../modals/reject-flow.modal';
import { useDeleteFlow, useDuplicateFlow, useResetHash } from '../mutations';
import type { Flow } from '../types';

type OpenModal = 'status' | 'edit' | 'contact' | 'reject' | 'merge' | 'create' | null;

/** The flow's actions: status, the flow modals, duplicate, reset hash and delete (trash). */
export function FlowActions({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<OpenModal>(null);
  const duplicate = useDuplicateFlow(flow.id);
  const resetHash = useResetHash(flow.id);
  const remove = useDeleteFlow(flow.id);
  const close = () => setOpen(null);
  const toFlow = (target: { id: number }) => navigate(`/flow_detail/${target.id}`);

  const onDuplicate = () =>
    duplicate.mutate(undefined, {
      onSuccess: (copy) => {
        toast.success(t('flows.detail.duplicated'));
        toFlow(copy);
      },
      onError: (error) => showActionError(error),
    });

  const onResetHash = async () => {
    const isConfirmed = await confirm({
      title: t('flows.detail.resetHash'),
      message: t('flows.detail.resetHashConfirm'),
    });
    if (!isConfirmed) return;
    resetHash.mutate(undefined, {
      onSuccess: () => toast.success(t('flows.detail.hashReset')),
      onError: (error) => showActionError(error),
    });
  };

  const onDelete = async () => {
    const isConfirmed = await confirm({
      title: t('common.delete'),
      message: t('common.deleteItemConfirm'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    // Spec 001: the relation detail is the target after a flow is deleted; a refusal shows its msg.
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('flows.detail.deleted'));
        navigate(`/relation_detail/${flow.relation_id}`);
      },
      onError: (error) => void showAlert({ message: error.message }),
    });
  };

  return (
    <>
      <Button leftSection={<IconProgress size={16} />} onClick={() => setOpen('status')}>
        {t('flows.detail.changeStatus')}
      </Button>
      <Menu position="bottom-end" shadow="md" width={260}>
        <Menu.Target>
          <Button variant="default" rightSection={<IconDots size={16} />}>
            {t('common.actions')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setOpen('edit')}>
            {t('common.edit')}
          </Menu.Item>
          <Menu.Item leftSection={<IconUserEdit size={16} />} onClick={() => setOpen('contact')}>
            {t('flows.detail.editContactPerson')}
          </Menu.Item>
          <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setOpen('create')}>
            {t('flows.detail.createForRelation')}
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={onDuplicate}>
            {t('common.duplicate')}
          </Menu.Item>
          <Menu.Item leftSection={<IconArrowMerge size={16} />} onClick={() => setOpen('merge')}>
            {t('flows.detail.merge')}
          </Menu.Item>
          <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => void onResetHash()}>
            {t('flows.detail.resetHash')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconX size={16} />} color="orange" onClick={() => setOpen('reject')}>
            {t('common.reject')}
          </Menu.Item>
          <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={() => void onDelete()}>
            {t('common.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangeStatusModal flow={flow} opened={open === 'status'} onClose={close} />
      <EditFlowModal flow={flow} opened={open === 'edit'} onClose={close} />
      <EditFlowContactPersonModal flow={flow} opened={open === 'contact'} onClose={close} />
      <RejectFlowModal flow={flow} opened={open === 'reject'} onClose={close} />
      <MergeFlowModal flow={flow} opened={open === 'merge'} onClose={close} onMerged={toFlow} />
      <CreateFlowModal
        opened={open === 'create'}
        onClose={close}
        onCreated={toFlow}
        relation={{ id: flow.relation_id, fullname: flow.relation_fullname }}
      />
    </>
  );
}
