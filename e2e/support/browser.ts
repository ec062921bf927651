import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { baseUrl } from './stack';

const SCREENSHOTS = path.join(__dirname, '..', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const PHONE = { width: 390, height: 844 };
/**
 * That phone zoomed to 200% (browser zoom or the screen magnifier): every CSS pixel is two of the screen's, so the
 * page lays out in half the width and height (docs/conventions.md "Accessibility").
 */
export const PHONE_ZOOMED = { width: 195, height: 422 };
export const DESKTOP = { width: 1280, height: 800 };
/** The most common laptop screen. */
export const LAPTOP = { width: 1366, height: 768 };

/** Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no background network). */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}. Install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Whether the app's service worker may run. Blocked unless a test is about it: once it controls the page, Chromium
 * hands every request to it, and Playwright then misses downloads (a link with `download`) that go through it.
 */
export type ServiceWorkers = 'allow' | 'block';

/**
 * A fresh browser profile (no cookies) at a given size; touch on for phone widths. Addresses are of the shared
 * test archive, or of the one at `base`.
 */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  serviceWorkers: ServiceWorkers = 'block',
  base = baseUrl,
): Promise<{ context: BrowserContext; page: Page }> {
  const isPhone = viewport.width < 600;
  const context = await browser.newContext({
    baseURL: base,
    viewport,
    hasTouch: isPhone,
    isMobile: isPhone,
    deviceScaleFactor: 1,
    serviceWorkers,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Keeps a screenshot under e2e/screenshots/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Signs up through the auth screen, as a person would. */
export async function signUpInBrowser(page: Page, username: string, password: string, displayName = username) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Need an account?' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Display Name').fill(displayName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Signs in through the auth screen. */
export async function logInInBrowser(page: Page, username: string, password: string) {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs a person in through the auth screen and waits until it has gone (on a phone the navigation is a side menu). */
export async function signIn(page: Page, person: { username: string; password: string }) {
  await logInInBrowser(page, person.username, person.password);
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor({ state: 'detached' });
}

/** Signs a person in, then opens one address of the archive. */
export async function openAs(page: Page, person: { username: string; password: string }, path: string) {
  await signIn(page, person);
  await page.goto(path);
}

/** Runs a test's steps in a fresh browser profile at a given size, and closes it afterwards whatever happens. */
export async function withPage(
  browser: Browser,
  viewport: { width: number; height: number },
  steps: (page: Page, context: BrowserContext) => Promise<void>,
  serviceWorkers: ServiceWorkers = 'block',
  base = baseUrl,
): Promise<void> {
  const { context, page } = await newPage(browser, viewport, serviceWorkers, base);
  try {
    await steps(page, context);
  } finally {
    await context.close();
  }
}

/** Dialogs fade in: wait until every open one is fully shown before a screenshot. */
export async function dialogsShown(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every(
      (element) => getComputedStyle(element).opacity === '1',
    ),
  );
}

/** The impacts that fail a test: axe's "serious" and "critical" (docs/conventions.md "Accessibility"). */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core over the whole page as it is now and fails with a readable list of every serious or critical
 * violation: the rule, what it asks, and the elements that break it. Evaluated rather than added as a script
 * tag, so the archive's Content-Security-Policy (no inline scripts) does not stop it.
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run(document, { resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })),
    }));
  });
  const failing = violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  if (failing.length === 0) return;
  const list = failing
    .map(
      ({ id, impact, help, nodes }) =>
        `- ${id} (${impact}): ${help}\n` +
        nodes
          .slice(0, 5)
          .map(({ target, summary }) => `    ${target}\n      ${summary.replace(/\n/g, '\n      ')}`)
          .join('\n') +
        (nodes.length > 5 ? `\n    ...and ${nodes.length - 5} more` : ''),
    )
    .join('\n');
  throw new Error(`axe found ${failing.length} serious or critical rule(s) broken on ${where}:\n${list}`);
}
