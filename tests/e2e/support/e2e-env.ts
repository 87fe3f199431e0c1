/** What the run's server is configured with (see playwright.config.ts). */
export const E2E_PAYMENT_URL = 'https://payments.example.test/invitational';
