import { Button, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormError } from '../../../ui/form/form-error';
import { AuthLinks } from './auth-links';

interface AuthFormProps {
  title: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  formError: string | null;
  /** Title of the server's message above the fields. */
  errorTitle: string;
  submitLabel: string;
  isPending: boolean;
  links: { to: string; label: ReactNode }[];
  children: ReactNode;
}

/** The frame of the login, register and reset forms: title, server message, fields, full-width button, links. */
export function AuthForm({
  title,
  onSubmit,
  formError,
  errorTitle,
  submitLabel,
  isPending,
  links,
  children,
}: AuthFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Title order={2} mb="md">
        {title}
      </Title>
      <FormError message={formError} title={errorTitle} />
      <Stack gap="sm">
        {children}
        <Button type="submit" loading={isPending} fullWidth mt="xs">
          {submitLabel}
        </Button>
      </Stack>
      <AuthLinks links={links} />
    </form>
  );
}
