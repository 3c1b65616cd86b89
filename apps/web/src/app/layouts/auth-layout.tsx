import { Anchor, Box, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle, useHostBranding } from '../branding';
import { FULL_HEIGHT } from '../page-scale';

/** Login, register and password screens: a centred card branded by the host name. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const branding = useHostBranding();
  useDocumentTitle(branding.appname);

  const background: CSSProperties = branding.background_url
    ? { backgroundImage: `url("${encodeURI(branding.background_url)}")`, backgroundSize: 'cover' }
    : { background: 'var(--mantine-color-gray-1)' };
  // The brand colour drives Mantine's primary buttons inside the card.
  const brand = branding.brand_button_color
    ? ({
        '--mantine-primary-color-filled': branding.brand_button_color,
        '--mantine-primary-color-filled-hover': branding.brand_button_color,
      } as CSSProperties)
    : undefined;

  return (
    <Box component="main" mih={FULL_HEIGHT} style={background}>
      <Center mih={FULL_HEIGHT} p="md">
        <Stack w="100%" maw={440} gap="md">
          <Stack gap={4} align="center" ta="center">
            {branding.logo_url ? (
              <Image src={branding.logo_url} alt={branding.appname} mah={72} w="auto" fit="contain" />
            ) : (
              <Title order={1} fz={28}>
                {branding.appname}
              </Title>
            )}
            <Text c="dimmed" size="sm">
              {branding.appdescription}
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" p="lg" radius="md" style={brand}>
            {children}
          </Paper>
          <Anchor component={Link} to="/privacypolicy" size="xs" ta="center" c="dimmed">
            {t('auth.privacyLink')}
          </Anchor>
        </Stack>
      </Center>
    </Box>
  );
}
