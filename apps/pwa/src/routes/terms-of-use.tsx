import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageSection } from '../layout/page-section.tsx';
import { AnchorLink } from '../routing/links.tsx';

export const Route = createFileRoute('/terms-of-use')({
  component: TermsOfUsePage,
});

/** Seed section 9 fixes the version date and the points these terms must make. */
const TERMS_VERSION_DATE = 'August 01, 2022';

function TermsOfUsePage() {
  return (
    <PageSection title="Terms of Use" lead={`Version date: ${TERMS_VERSION_DATE}`}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="xl">
          <Text>
            These Terms of Use govern your use of the Invitational Scorecard (the &quot;Service&quot;), the web
            application used to run state culinary and hospitality invitationals: coordinators and administrators manage
            events, criteria, schools, judges and accounts; schools register teams; and judges score them. By opening,
            registering for or using the Service you agree to these Terms. If you do not agree, do not use the Service.
          </Text>

          <TermsSection number={1} title="Who may use the Service">
            <List spacing="xs">
              <List.Item>
                The Service is meant for state coordinators and administrators, school staff, judges and visitors
                interested in the invitationals.
              </List.Item>
              <List.Item>
                If you are under 18 (or the age of majority where you live), you may use the Service only with the
                permission and under the supervision of a parent or legal guardian, who accepts these Terms on your
                behalf and is responsible for your use.
              </List.Item>
              <List.Item>
                Children under 13 are not permitted to use the Service or to create an account. Student names entered by
                a school are provided by the school, not by the students themselves.
              </List.Item>
            </List>
          </TermsSection>

          <TermsSection number={2} title="Accounts and security">
            <Text>
              Each state account is opened for a coordinating organization, which names its primary administrator and
              decides who else receives access. You must give accurate details, keep your password private and tell your
              coordinator at once if you believe someone else has used your login. You are responsible for what is done
              under your login. We may suspend or end access that is misused or that puts the Service or other users at
              risk.
            </Text>
          </TermsSection>

          <TermsSection number={3} title="Acceptable use">
            <Text>You agree not to:</Text>
            <List spacing="xs">
              <List.Item>
                enter scores, penalties or comments you know to be false, or alter another judge&apos;s work;
              </List.Item>
              <List.Item>
                access data of another state, school or user that you have not been given access to;
              </List.Item>
              <List.Item>
                upload content that is unlawful, offensive, or infringes someone else&apos;s rights;
              </List.Item>
              <List.Item>
                probe, overload or interfere with the Service, or copy it by automated means beyond normal use.
              </List.Item>
            </List>
          </TermsSection>

          <TermsSection number={4} title="Information you provide">
            <Text>
              Schools, judges and coordinators remain responsible for the information they enter, including student
              names, contact details, scores, comments and photos. You give us permission to store, process and display
              that information only as needed to run the invitationals you take part in. The school or coordinator that
              enters information about students confirms it has the consent required to do so. We do not sell personal
              information, and we do not use it for advertising.
            </Text>
          </TermsSection>

          <TermsSection number={5} title="Scores and results">
            <Text>
              The Service calculates results from the scores, penalties and disqualifications that judges and
              coordinators record. Results shown before an event is closed are provisional. The official results of an
              invitational are those published by its coordinator, who decides any dispute about scoring under the
              event&apos;s rules.
            </Text>
          </TermsSection>

          <TermsSection number={6} title="Subscriptions and payments">
            <Text>
              State accounts are offered by subscription for the period shown when the account is opened or renewed.
              Fees are paid through the payment page linked in the footer. Unless the law requires otherwise, fees
              already paid are not refundable. When a subscription expires, its users can still log in and read their
              data but cannot make changes until it is renewed.
            </Text>
          </TermsSection>

          <TermsSection number={7} title="Availability and offline use">
            <Text>
              We work to keep the Service available, but it may be interrupted for maintenance or by events outside our
              control. Judges&apos; tablets keep scores on the device while offline and send them when a connection
              returns; you should keep the device charged, stay logged in and let it reconnect before the event closes.
            </Text>
          </TermsSection>

          <TermsSection number={8} title="Intellectual property">
            <Text>
              The Service, its software, design and text are copyright © 2022 Invitational Scorecard and its licensors.
              All rights reserved. These Terms give you a limited, non-exclusive, non-transferable right to use the
              Service for its intended purpose while your access lasts; they do not transfer any ownership to you.
            </Text>
          </TermsSection>

          <TermsSection number={9} title="Disclaimer">
            <Text>
              The Service is provided &quot;as is&quot; and &quot;as available&quot;. To the extent the law allows, we
              make no warranties, express or implied, including warranties of fitness for a particular purpose, accuracy
              of results or uninterrupted operation.
            </Text>
          </TermsSection>

          <TermsSection number={10} title="Limitation of liability">
            <Text>
              To the extent the law allows, we are not liable for indirect, incidental, special or consequential
              damages, or for lost data, profits or opportunities. Our total liability for any claim arising from the
              Service or these Terms is limited to the amounts you paid us for the Service in the three (3) months
              before the event giving rise to the claim.
            </Text>
          </TermsSection>

          <TermsSection number={11} title="Time limit for claims">
            <Text>
              Any claim arising from the Service or these Terms must be filed within two (2) years after the claim
              arose; otherwise it is permanently barred, to the extent the law allows.
            </Text>
          </TermsSection>

          <TermsSection number={12} title="Changes to these Terms">
            <Text>
              We may update these Terms. The version date at the top of this page shows when they last changed. If you
              keep using the Service after a change takes effect, you accept the updated Terms.
            </Text>
          </TermsSection>

          <TermsSection number={13} title="Contact">
            <Text>
              Questions about these Terms can be sent through the <AnchorLink to="/contact">Contact Us</AnchorLink>{' '}
              form. Guides for coordinators, judges and schools are in the{' '}
              <AnchorLink to="/help">online resources</AnchorLink>.
            </Text>
          </TermsSection>

          <Text size="sm" c="dimmed">
            © 2022 Invitational Scorecard. Terms of Use, version of {TERMS_VERSION_DATE}.
          </Text>
        </Stack>
      </Paper>
    </PageSection>
  );
}

function TermsSection({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={`terms-${number}`}>
      <Title order={2} size="h3" id={`terms-${number}`}>
        {number}. {title}
      </Title>
      {children}
    </Stack>
  );
}
