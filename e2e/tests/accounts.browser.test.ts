import type { Browser } from 'playwright-core';
import { uniqueName } from '../support/api';
import {
  DESKTOP,
  launchBrowser,
  logInInBrowser,
  newPage,
  PHONE,
  screenshot,
  signUpInBrowser,
} from '../support/browser';
import { makeResetCode } from '../support/stack';

describe('signing up, in and out in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('signs up, logs out, logs in, and shows a toast for a wrong password (desktop)', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const username = uniqueName('web');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await screenshot(page, 'auth-login-desktop');

    await signUpInBrowser(page, username, 'secret-pw', 'Web Person');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Media Gallery' }).waitFor();
    for (const name of ['Albums', 'Family Tree', 'Profile']) await nav.getByRole('link', { name }).waitFor();
    await screenshot(page, 'home-desktop');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logged out successfully').waitFor();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

    await logInInBrowser(page, username, 'wrong-password');
    await page.getByText('Invalid username or password').waitFor();
    await screenshot(page, 'auth-wrong-password-desktop');

    await page.getByLabel('Password', { exact: true }).fill('secret-pw');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await context.close();
  });

  it('resets a password with a code from the operator', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const username = uniqueName('rst');
    await signUpInBrowser(page, username, 'old-secret');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('New Password').fill('new-secret');
    await page.getByLabel('Reset code').fill('WRONG-CODE1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Invalid or expired reset code').waitFor();

    await page.getByLabel('Reset code').fill(await makeResetCode(username));
    await screenshot(page, 'auth-reset-desktop');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password has been reset successfully').waitFor();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

    await logInInBrowser(page, username, 'new-secret');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await context.close();
  });

  it('shows the 404 page for an unknown address', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signUpInBrowser(page, uniqueName('nf'), 'secret-pw');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.goto('/no/such/page');
    await page
      .getByText("The page you're looking for doesn't exist or you don't have permission to view it.")
      .waitFor();
    await screenshot(page, 'not-found-desktop');
    await context.close();
  });

  it('on a phone, the navigation is a side menu', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await screenshot(page, 'auth-login-phone');
    await signUpInBrowser(page, uniqueName('ph'), 'secret-pw');
    const menuButton = page.getByRole('button', { name: 'Open navigation' });
    await menuButton.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    await screenshot(page, 'home-phone');
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await menu.getByRole('link', { name: 'Family Tree' }).waitFor();
    await screenshot(page, 'menu-phone');
    await menu.getByRole('link', { name: 'Albums' }).click();
    await page.waitForURL('**/albums');
    await context.close();
  });
});
