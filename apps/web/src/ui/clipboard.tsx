import { CLIPBOARD_CONFIRM_MS } from '@im/domain';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';

/** Copies text; when the clipboard API is missing or refuses, offers the text in a prompt instead. */
export async function copyText(text: string): Promise<'copied' | 'prompted'> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    window.prompt(i18n.t('ui.copyPrompt'), text);
    return 'prompted';
  }
}

export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setCopied(false), CLIPBOARD_CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [isCopied]);

  const onCopy = async () => {
    if ((await copyText(value)) === 'copied') setCopied(true);
  };

  return (
    <Tooltip
      label={isCopied ? t('ui.copied') : (label ?? t('ui.copy'))}
      opened={isCopied || undefined}
      withArrow
    >
      <ActionIcon
        variant="subtle"
        color={isCopied ? 'teal' : 'gray'}
        onClick={onCopy}
        aria-label={label ?? t('ui.copy')}
      >
        {isCopied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
