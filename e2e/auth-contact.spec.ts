// The contact form: required fields said inline, Send disabled until valid, the toasts.
import { expect, test } from '@playwright/test';
import { lookAt, ownClientAddress } from './auth-helpers';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': ownClientAddress() } });

test('the contact form needs all three fields, then sends', async ({ page }) => {
  await page.goto('/contact');
  const send = page.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Name').click();
  await page.getByLabel('Email').click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Email').fill('not an email');
  await page.getByLabel('Message').click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('   ');
  await page.getByLabel('Name').click();
  await expect(page.getByText('Please write a message')).toBeVisible();
  await expect(send).toBeDisabled();
  await page.getByLabel('Message').fill('The calendar is lovely. Could weeks start on Monday?');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Message sent' })).toContainText("We'll get back to you soon.");
  await expect(page.getByLabel('Message')).toHaveValue('');
  await expect(page.getByLabel('Name')).toHaveValue('Ada');
});

test('a failed send says so', async ({ page }) => {
  await page.route('**/api/trpc/contact.send**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '[{"error":{"message":"boom","code":-32603,"data":{"code":"INTERNAL_SERVER_ERROR","httpStatus":500}}}]' }));
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Failed to send message' })).toContainText('Please try again later');
  await expect(page.getByLabel('Message')).toHaveValue('Hello');
});

test('the contact page looks right and passes axe in both themes', async ({ page }) => {
  await page.goto('/contact');
  await lookAt(page, 'contact', async () => {
    await page.goto('/contact');
    await page.getByLabel('Name').click();
    await page.getByLabel('Email').click();
    await expect(page.getByText('Please enter your name')).toBeVisible();
  });
});
