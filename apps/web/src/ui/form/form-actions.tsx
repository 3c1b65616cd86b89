import { Button, type ButtonProps, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  /** Without it there is no cancel button (a form on a page rather than in a dialog). */
  onCancel?: () => void;
  isPending: boolean;
  /** Default 'Opslaan'. */
  submitLabel?: ReactNode;
  isSubmitDisabled?: boolean;
  submitColor?: ButtonProps['color'];
  mt?: MantineSpacing;
}

/** The buttons under a form, right-aligned: 'Annuleren' and the submit button; in a dialog they stay in sight (app/touch.css). */
export function FormActions({
  onCancel,
  isPending,
  submitLabel,
  isSubmitDisabled,
  submitColor,
  mt,
}: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt={mt} data-form-actions>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      )}
      <Button type="submit" loading={isPending} disabled={isSubmitDisabled} color={submitColor}>
        {submitLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}
