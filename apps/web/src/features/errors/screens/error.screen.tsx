import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const ERROR_CODES = ['401', '403', '404', '500', '503'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function ErrorScreen({ code }: { code: ErrorCode }) {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
          {code}
        </Text>
        <Title order={1} fz="h2">
          {t(`errors.e${code}.title`)}
        </Title>
        <Text c="dimmed">{t(`errors.e${code}.text`)}</Text>
        {/* "/" lets the guard pick the right place: the user's dashboard, or the login page. */}
        <Button component={Link} to="/" mt="md">
          {t('app.home')}
        </Button>
      </Stack>
    </Center>
  );
}

export const NotFoundScreen = () => <ErrorScreen code="404" />;
