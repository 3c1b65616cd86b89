import type { EmailImageSlot, EmailImages } from '@im/domain';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImageSlotEditor } from './image-slot-editor';

const IMAGE_SLOTS: EmailImageSlot[] = ['emailheader', 'emailfooter', 'customerbackground'];

/** The e-mail header and footer (framing every customer mail) and the customer pages' background. */
export function ImagesCard({
  settingsId,
  images,
  version,
}: {
  settingsId: number;
  images: EmailImages;
  version: number;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={t('emailsettings.images')}>
      <Title order={2} size="h4">
        {t('emailsettings.images')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('emailsettings.imagesIntro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {IMAGE_SLOTS.map((slot) => (
          <ImageSlotEditor
            key={slot}
            settingsId={settingsId}
            slot={slot}
            url={images[slot]}
            version={version}
          />
        ))}
      </SimpleGrid>
    </Card>
  );
}
