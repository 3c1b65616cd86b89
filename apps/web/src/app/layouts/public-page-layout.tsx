import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle, useHostBranding } from '../branding';
import { FULL_HEIGHT } from '../page-scale';

/** Public pages (privacy statement, error pages) for visitors who are not logged in. */
export function PublicPageLayout({ children }: { children: ReactNode }) {
  const branding = useHostBranding();
  useDocumentTitle(branding.appname);
  return (
    <Box mih={FULL_HEIGHT}>
      <Box component="header" bg="var(--mantine-color-blue-8)" c="white" py="sm">
        <Container size="lg">
          <Group justify="space-between">
            <Anchor component={Link} to="/" c="white" underline="never">
              <Text fw={700} size="lg" span>
                {branding.appname}
              </Text>
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Container size="lg" component="main" py="md">
        {children}
      </Container>
    </Box>
  );
}
