import { whatsappLink } from '@im/domain';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A WhatsApp link next to a phone number (spec 001): leading zeros stripped, a leading 6 becomes 316. */
export function WhatsAppLink({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const href = whatsappLink(phone);
  if (!href) return null;
  const label = t('communication.messages.whatsappLabel', { phone });
  return (
    <Tooltip label={label}>
      <ActionIcon
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        variant="subtle"
        color="green"
        size="md"
        aria-label={label}
      >
        <IconBrandWhatsapp size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
