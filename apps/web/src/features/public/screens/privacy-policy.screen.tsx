import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRIVACY_POLICY, PRIVACY_POLICY_UPDATED } from '../privacy-policy.content';

export function PrivacyPolicyScreen() {
  const { t } = useTranslation();
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1}>{t('privacy.title')}</Title>
        <Text size="sm" c="dimmed">
          {PRIVACY_POLICY_UPDATED}
        </Text>
        {PRIVACY_POLICY.map((section) => (
          <section key={section.heading}>
            <Title order={2} size="h4" mb="xs">
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} mb="xs">
                {paragraph}
              </Text>
            ))}
          </section>
        ))}
        <Anchor component={Link} to="/">
          {t('app.home')}
        </Anchor>
      </Stack>
    </Container>
  );
}
