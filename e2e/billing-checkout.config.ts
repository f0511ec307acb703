// A second Playwright configuration for the Stripe checkout redirect: its own production server
// (port E2E_PORT + 5, its own data folder) started WITH Stripe keys and STRIPE_API_URL pointing
// at a tiny Stripe-compatible stub that e2e/billing-checkout.spec.ts serves on E2E_PORT + 6. The
// shared configuration starts one server without keys, so this cannot live there. Run by
// scripts/e2e.mjs after the main run.
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import shared, { launcherServer } from '../playwright.config';

const mainPort = Number(process.env.E2E_PORT ?? 3100);
const port = Number(process.env.E2E_BILLING_PORT ?? mainPort + 5);
export const stubPort = Number(process.env.E2E_STRIPE_STUB_PORT ?? mainPort + 6);
const baseURL = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.data', 'e2e-billing');

// Read by the spec (workers inherit the runner's environment) and by e2e/accounts.ts's outbox.
process.env.E2E_BILLING_CHECKOUT = '1';
process.env.E2E_STRIPE_STUB_PORT = String(stubPort);
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  ...shared,
  testDir: '.',
  testMatch: 'billing-checkout.spec.ts',
  use: { ...shared.use, baseURL },
  webServer: launcherServer({
    port,
    dataDir,
    env: {
      TRUSTED_PROXIES: '1',
      STRIPE_SECRET_KEY: 'sk_test_stub',
      STRIPE_WEBHOOK_SECRET: 'whsec_stub',
      STRIPE_PRICE_GBP: 'price_gbp_stub',
      STRIPE_PRICE_USD: 'price_usd_stub',
      STRIPE_API_URL: `http://127.0.0.1:${stubPort}`,
    },
  }),
});
