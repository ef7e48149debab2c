import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { readStorage, STORAGE_KEYS, useBrowser, writeStorage } from './support/browser';

const browser = useBrowser();

const rootClass = (page: Page) => page.evaluate(() => document.documentElement.className);
const themeColor = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content'));
const themeButton = (page: Page) => page.getByRole('button', { name: /^Theme: / });

async function expectTheme(page: Page, preference: string, resolved: 'light' | 'dark') {
  await expect
    .poll(() => themeButton(page).getAttribute('aria-label'))
    .toBe(`Theme: ${preference}`);
  expect(await rootClass(page)).toBe(resolved);
  expect(await themeColor(page)).toBe(resolved === 'dark' ? '#1e293b' : '#ffffff');
}

describe('the theme control', () => {
  it('starts dark and cycles light → dark → system → light', async () => {
    const page = await browser.newPage({ colorScheme: 'light' });
    await page.goto('/login');
    await expectTheme(page, 'dark', 'dark');
    await themeButton(page).click();
    await expectTheme(page, 'system', 'light');
    expect(await readStorage(page, STORAGE_KEYS.theme)).toBe('system');
    await themeButton(page).click();
    await expectTheme(page, 'light', 'light');
    expect(await readStorage(page, STORAGE_KEYS.theme)).toBe('light');
    await themeButton(page).click();
    await expectTheme(page, 'dark', 'dark');
    expect(await readStorage(page, STORAGE_KEYS.theme)).toBe('dark');
  });

  it('keeps the choice across a reload, applied before the app starts', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await themeButton(page).click();
    await themeButton(page).click();
    await expectTheme(page, 'light', 'light');
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    expect(await rootClass(page)).toBe('light');
    await expectTheme(page, 'light', 'light');
  });

  it('follows the operating system in system mode, including changes', async () => {
    const page = await browser.newPage({ colorScheme: 'dark' });
    await page.goto('/login');
    await writeStorage(page, STORAGE_KEYS.theme, 'system');
    await page.reload();
    await expectTheme(page, 'system', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => rootClass(page)).toBe('light');
    expect(await themeColor(page)).toBe('#ffffff');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => rootClass(page)).toBe('dark');
  });

  it('ignores a saved value that is not light, dark or system', async () => {
    const page = await browser.newPage({ colorScheme: 'light' });
    await page.goto('/login');
    await writeStorage(page, STORAGE_KEYS.theme, 'sepia');
    await page.reload();
    await expectTheme(page, 'dark', 'dark');
  });
});
