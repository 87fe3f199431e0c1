import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { usePaymentUrl } from '../api/use-public-config.ts';
import { AnchorLink } from '../routing/links.tsx';
import classes from './app-footer.module.css';

/** Footer links on every page, and the copyright notice. */
export function AppFooter() {
  const paymentUrl = usePaymentUrl();
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
