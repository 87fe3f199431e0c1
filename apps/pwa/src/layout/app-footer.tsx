import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { usePaymentUrl } from '../api/use-public-config.ts';
import { AnchorLink } from '../routing/links.tsx';
import classes from './app-footer.module.css';

/**
 * Footer links on every public page, and the copyright notice. In the tools (layout/tools-paths.ts:
 * the admin screens, the judge's scoring screens, settings) the marketing band gives way to one
 * quiet line of help links: coordinators and judges work there, nobody is sold to.
 */
export function AppFooter({ isTools = false }: { isTools?: boolean }) {
  const paymentUrl = usePaymentUrl();
  if (isTools) {
    return (
      <Box component="footer" className={classes.toolsFooter}>
        <Container size="xl" py="xs">
          <Group component="nav" aria-label="Footer" gap="md" justify="flex-end" wrap="wrap">
            <AnchorLink to="/help" size="sm" c="dimmed">
              Help
            </AnchorLink>
            <AnchorLink to="/contact" size="sm" c="dimmed">
              Contact
            </AnchorLink>
            <AnchorLink to="/terms-of-use" size="sm" c="dimmed">
              Terms of Use
            </AnchorLink>
          </Group>
        </Container>
      </Box>
    );
  }
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py="lg">
        <Group component="nav" aria-label="Footer" gap="lg" justify="center" wrap="wrap">
          <AnchorLink to="/welcome" className={classes.link}>
            Home
          </AnchorLink>
          <AnchorLink to="/overview" className={classes.link}>
            Learn More
          </AnchorLink>
          {paymentUrl && (
            <Anchor href={paymentUrl} target="_blank" rel="noopener noreferrer" className={classes.link}>
              Make a Payment
            </Anchor>
          )}
          <AnchorLink to="/contact" className={classes.link}>
            Contact
          </AnchorLink>
          <AnchorLink to="/help" className={classes.link}>
            Help
          </AnchorLink>
          <AnchorLink to="/terms-of-use" className={classes.link}>
            Terms of Use
          </AnchorLink>
        </Group>
        <Text ta="center" size="sm" mt="md" className={classes.copyright}>
          © 2022 Invitational Scorecard. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
