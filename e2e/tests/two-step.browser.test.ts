import type { ChildProcess } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { registerPerson, uniqueName } from '../support/api';
import {
  DESKTOP,
  dialogsShown,
  launchBrowser,
  logInInBrowser,
  newPage,
  PHONE,
  screenshot,
  signIn,
  signUpInBrowser,
} from '../support/browser';
import { baseUrl, startExtraProcess, stopProcess } from '../support/stack';
import { codeAt } from '../support/two-step';

const WRONG_CODE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';

/** Sets up the authenticator app from the screen shown (the profile's card or the required setup): its key. */
async function setUpApp(page: Page, screenshotName: string, doneLabel: string): Promise<string> {
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await screenshot(page, `${screenshotName}-qr`);
  await page.getByLabel('Code from the app').fill(await codeAt(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await codes.waitFor();
  expect(await codes.getByRole('listitem').count()).toBe(10);
  await screenshot(page, `${screenshotName}-recovery-codes`);
  await page.getByRole('button', { name: doneLabel }).click();
  return secret;
}

describe('two-step sign-in and signed-in devices in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('turns it on from the profile, then signs in with a code after the password, a wrong one refused (desktop)', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const username = uniqueName('tsb');
    await signUpInBrowser(page, username, 'secret-pw');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Two-step sign-in' });
    await card.getByText(/^Off\./).waitFor();
    const secret = await setUpApp(page, 'two-step-profile-desktop', 'I have saved my recovery codes');
    await card.getByText(/^On\. Signing in asks for a code/).waitFor();
    await card.getByText('10 recovery codes are left.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await logInInBrowser(page, username, 'secret-pw');
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(WRONG_CODE).waitFor();
    await screenshot(page, 'two-step-wrong-code-desktop');
    await page.getByLabel('Code').fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await context.close();
  });

  it('signs out another device from the profile: that browser shows the sign-in screen on its next page (phone)', async () => {
    const person = await registerPerson('dvc', 'Device Person');
    const phone = await newPage(browser, PHONE);
    const laptop = await newPage(browser, DESKTOP);
    try {
      await signIn(laptop.page, person);
      await signIn(phone.page, person);
      await phone.page.goto('/profile');
      const devices = phone.page.getByRole('list', { name: 'Signed-in devices' });
      await devices.getByText('This device').waitFor();
      // The sign-up's API session, the laptop and this phone.
      await devices.getByText('Unknown browser').waitFor();
      expect(await devices.getByRole('listitem').count()).toBe(3);
      await phone.page.getByRole('region', { name: 'Signed-in devices' }).scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'signed-in-devices-phone');
      const laptopRow = devices.getByRole('listitem').filter({ hasText: 'Chrome on Linux' }).filter({
        hasNotText: 'This device',
      });
      await laptopRow
        .first()
        .getByRole('button', { name: /^Sign out/ })
        .click();
      await dialogsShown(phone.page);
      await phone.page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
      await phone.page.getByText('is signed out.', { exact: false }).waitFor();

      await laptop.page.goto('/albums');
      await laptop.page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    } finally {
      await phone.context.close();
      await laptop.context.close();
    }
  });

  it("adds a passkey on the profile and signs in with it as the second step, with Chromium's virtual authenticator", async () => {
    // WebAuthn needs a host name, never an IP address: the same archive, reached as localhost.
    const { context, page } = await newPage(browser, DESKTOP, 'block', `http://localhost:${new URL(baseUrl).port}`);
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      const username = uniqueName('pky');
      await signUpInBrowser(page, username, 'secret-pw');
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await page.goto('/profile');
      const card = page.getByRole('region', { name: 'Two-step sign-in' });
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByText('Passkey 1 can now be the second step of signing in.').waitFor();
      await card.getByRole('list', { name: 'Passkeys' }).getByText('Passkey 1', { exact: true }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'two-step-passkey-profile-desktop');

      await page.getByRole('button', { name: 'Logout' }).click();
      await logInInBrowser(page, username, 'secret-pw');
      await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
      // A passkey alone: no code to type.
      expect(await page.getByLabel('Code').count()).toBe(0);
      await screenshot(page, 'two-step-passkey-sign-in-desktop');
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await page.goto('/profile');
      await card.getByText(/last used/).waitFor();
    } finally {
      await context.close();
    }
  });

  describe('with REQUIRE_2FA', () => {
    let gateway: ChildProcess;
    const port = Number(new URL(baseUrl).port) + 6;
    beforeAll(async () => {
      gateway = await startExtraProcess('gateway/dist/main.js', { REQUIRE_2FA: 'true' }, port);
    });
    afterAll(async () => {
      await stopProcess(gateway);
    });

    it('asks a new member to set it up before anything else (phone)', async () => {
      const { context, page } = await newPage(browser, PHONE, 'block', `http://127.0.0.1:${port}`);
      try {
        await signUpInBrowser(page, uniqueName('rqb'), 'secret-pw');
        await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
        await screenshot(page, 'two-step-required-phone');
        await setUpApp(page, 'two-step-required-phone', 'I have saved my recovery codes, go on');
        await page.getByRole('button', { name: 'Open navigation' }).waitFor();
      } finally {
        await context.close();
      }
    });
  });
});
