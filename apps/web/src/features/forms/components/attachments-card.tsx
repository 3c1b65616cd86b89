import type { ProjectDetail } from '@im/domain';
import { ActionIcon, Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/download';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useDeleteAttachment, useUploadAttachment } from '../queries';
import { SectionCard } from './section-card';

/** A project's attachments: upload (images and PDF), download and delete. */
export function AttachmentsCard({
  projectId,
  attachments,
}: {
  projectId: number;
  attachments: ProjectDetail['attachments'];
}) {
  const { t } = useTranslation();
  const upload = useUploadAttachment(projectId);
  const remove = useDeleteAttachment();
  return (
    <SectionCard
      title={t('forms.attachments')}
      actions={
        <FileButton
          onChange={(file) =>
            file &&
            upload.mutate(file, {
              onError: (error) => toast.error(error.message),
              onSuccess: () => toast.success(t('forms.attachmentAdded')),
            })
          }
          accept="image/*,application/pdf"
        >
          {(props) => (
            <Button
              {...props}
              size="sm"
              variant="light"
              leftSection={<IconPaperclip size={16} />}
              loading={upload.isPending}
            >
              {t('forms.addAttachment')}
            </Button>
          )}
        </FileButton>
      }
    >
      {attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('forms.noAttachments')}
        </Text>
      ) : (
        <Stack gap={4}>
          {attachments.map((a) => (
            <Group key={a.id} justify="space-between" wrap="nowrap">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => void downloadFile(a.url, a.filename)}
              >
                {a.filename}
              </Anchor>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`${t('common.delete')}: ${a.filename}`}
                onClick={async () => {
                  if (
                    await confirm({
                      title: t('common.delete'),
                      message: t('forms.confirmDeleteAttachment'),
                      isDanger: true,
                    })
                  )
                    remove.mutate(a.id);
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
