import { type ModalProps, Stack, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../toasts';
import { FormActions } from './form-actions';
import { FormError } from './form-error';
import { FormModal, type FormModalProps } from './form-modal';
import { useAppForm, type Validator } from './use-app-form';

type NamedValues = { name: string } & Record<string, unknown>;
type AppForm<V extends NamedValues> = ReturnType<typeof useAppForm<V>>;

interface CreateByNameOptions<V extends NamedValues, Request, Created extends { name: string }> {
  nameLabel: string;
  initialValues: V;
  validate: Validator<V>;
  /** The mutation hook; called inside the form, so closing the dialog ends what it would still do. */
  useCreate: () => UseMutationResult<Created, Error, Request>;
  toRequest: (values: V) => Request;
  createdMessage: (created: Created) => string;
  onCreated: (created: Created) => void;
  /** The fields under the name. */
  children?: (form: AppForm<V>) => ReactNode;
}

type CreateByNameModalProps<
  V extends NamedValues,
  Request,
  Created extends { name: string },
> = FormModalProps &
  CreateByNameOptions<V, Request, Created> & {
    title: string;
    size?: ModalProps['size'];
  };

/** A 'new …' dialog of the admin screens: a name first, a few more fields, 'Aanmaken'. */
export function CreateByNameModal<V extends NamedValues, Request, Created extends { name: string }>({
  opened,
  onClose,
  title,
  size,
  ...options
}: CreateByNameModalProps<V, Request, Created>) {
  return (
    <FormModal opened={opened} onClose={onClose} title={title} size={size} closeOnClickOutside>
      <CreateByNameForm {...options} onCancel={onClose} />
    </FormModal>
  );
}

function CreateByNameForm<V extends NamedValues, Request, Created extends { name: string }>({
  nameLabel,
  initialValues,
  validate,
  useCreate,
  toRequest,
  createdMessage,
  onCreated,
  children,
  onCancel,
}: CreateByNameOptions<V, Request, Created> & { onCancel: () => void }) {
  const { t } = useTranslation();
  const create = useCreate();
  const form = useAppForm<V>({ initialValues, validate });
  const { inputProps, onSubmit, formError, showServerError } = form;

  const submit = onSubmit((values) =>
    create.mutate(toRequest(values), {
      onSuccess: (created) => {
        toast.success(createdMessage(created));
        onCreated(created);
      },
      onError: showServerError,
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <TextInput
          label={nameLabel}
          required
          data-autofocus
          {...inputProps('name' as Extract<keyof V, string>)}
        />
        {children?.(form)}
        <FormActions
          onCancel={onCancel}
          isPending={create.isPending}
          submitLabel={t('common.create')}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
