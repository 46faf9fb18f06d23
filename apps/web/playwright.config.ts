import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, resolveChromium } from '../../scripts/browser.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { E2E_ESKIZ, E2E_SMTP } from './e2e/support/mailbox';
import { E2E_TELEGRAM } from './e2e/support/telegram';

/** The partner token the stand-in Didox accepts. */
const E2E_DIDOX_PARTNER_TOKEN = 'e2e-didox-partner-token';

/**
 * Browser journeys against the real, built server (API + built web app) on a free port with a fresh
 * embedded database and the demo data. Drives CHROMIUM_PATH, the system Chromium, or else the Chromium that
 * comes from npm with @sparticuz/chromium: `npm install` is all a machine needs.
 */
// Every worker reads this config again: the first read finds the browser and hands it on through the environment.
process.env.YUK_E2E_CHROMIUM ??= (await resolveChromium()).path;
const chromiumPath = process.env.YUK_E2E_CHROMIUM;

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverMain = join(root, 'apps/server/dist/main.js');
const webIndex = join(root, 'apps/web/dist/index.html');
for (const built of [serverMain, webIndex]) {
  if (!existsSync(built)) throw new Error(`${built} is missing: build first (npm run build, or npm run test:e2e).`);
}

// The config is read again by every worker process: the first read picks the port and the data folder,
// and the workers inherit them through the environment.
process.env.YUK_E2E_PORT ??= String(await freePort());
process.env.YUK_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'yuk-e2e-'));
// a small Bot API of our own (scripts/fake-telegram.mjs): the server's Telegram messages go there, and the
// journeys read back what it received
process.env.YUK_E2E_TELEGRAM_PORT ??= String(await freePort());
// and a local Eskiz (the SMS codes) and SMTP server (the reset links), which tell what reached them
process.env.YUK_E2E_ESKIZ_PORT ??= String(await freePort());
process.env.YUK_E2E_SMTP_PORT ??= String(await freePort());
process.env.YUK_E2E_MAILS_PORT ??= String(await freePort());
// and a map tile server: the shipment maps load their tiles from it, nothing from the internet
process.env.YUK_E2E_TILES_PORT ??= String(await freePort());
// and an E-IMZO-SERVER (scripts/fake-eimzo.mjs) that checks the ERI-Key signatures of the stand-in E-IMZO
process.env.YUK_E2E_EIMZO_PORT ??= String(await freePort());
// and a Didox (scripts/fake-didox.mjs) for the e-waybills, with the Central Bank's rates beside it
process.env.YUK_E2E_DIDOX_PORT ??= String(await freePort());
process.env.YUK_E2E_CBU_PORT ??= String(await freePort());
const port = Number(process.env.YUK_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const telegramUrl = E2E_TELEGRAM.url();

const serverEnv: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) {
  if (value !== undefined && !['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'WEB_DIST'].includes(key))
    serverEnv[key] = value;
}
Object.assign(serverEnv, {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: process.env.YUK_E2E_DATA_DIR,
  SEED_DEMO: '1',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: baseURL,
  TELEGRAM_BOT_TOKEN: E2E_TELEGRAM.token,
  TELEGRAM_API_BASE: telegramUrl,
  TELEGRAM_WEBHOOK_SECRET: E2E_TELEGRAM.webhookSecret,
  // the tender channels the Telegram journey opens a post of
  TELEGRAM_CHANNELS: E2E_TELEGRAM.channels,
  SMS_PROVIDER: 'eskiz',
  ESKIZ_EMAIL: E2E_ESKIZ.email,
  ESKIZ_PASSWORD: E2E_ESKIZ.password,
  ESKIZ_API_BASE: E2E_ESKIZ.url(),
  SMTP_URL: E2E_SMTP.url(),
  MAP_TILE_URL: `http://127.0.0.1:${process.env.YUK_E2E_TILES_PORT}/{z}/{x}/{y}.png`,
  EIMZO_SERVER_URL: `http://127.0.0.1:${process.env.YUK_E2E_EIMZO_PORT}`,
  DIDOX_API_BASE: `http://127.0.0.1:${process.env.YUK_E2E_DIDOX_PORT}`,
  DIDOX_PARTNER_TOKEN: E2E_DIDOX_PARTNER_TOKEN,
  CBU_RATES_URL: `http://127.0.0.1:${process.env.YUK_E2E_CBU_PORT}/json/`,
});

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  // On CI a journey that fails once is run once more; one that passes only then is still listed as flaky in
  // the closing line, to be looked into. A real break fails both runs.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // two browsers side by side on a small machine: a journey step may wait on the other worker, and a journey of
  // three people has three pages loading their chunks and live streams at once (15 s, not 7: on a 2-core machine
  // the shell after a login and a shipment's conversation took longer than 7 s while the other worker ran)
  timeout: 60_000,
  expect: { timeout: 15_000 },
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // nothing moves (the app honours it): endless animations cost CPU every frame (e2e/support/test.ts)
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: chromiumPath,
          args: CHROMIUM_FLAGS,
        },
      },
    },
    {
      // the main journeys on a phone: 360 × 740, touch; a page that scrolls sideways fails the journey
      name: 'mobile',
      testMatch: /(account-access|phone|on-the-road|delivery-proof|dashboard|eri|waybill)\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        launchOptions: {
          executablePath: chromiumPath,
          args: CHROMIUM_FLAGS,
        },
      },
    },
  ],
  webServer: [
    {
      command: `"${process.execPath}" "${join(root, 'scripts/fake-telegram.mjs')}" ${process.env.YUK_E2E_TELEGRAM_PORT} ${E2E_TELEGRAM.token}`,
      cwd: root,
      url: `${telegramUrl}/_test/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `"${process.execPath}" "${join(root, 'scripts/fake-eskiz.mjs')}" ${process.env.YUK_E2E_ESKIZ_PORT} ${E2E_ESKIZ.email} ${E2E_ESKIZ.password}`,
      cwd: root,
      url: `${E2E_ESKIZ.url()}/_test/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `"${process.execPath}" "${join(root, 'scripts/fake-smtp.mjs')}" ${process.env.YUK_E2E_SMTP_PORT} ${process.env.YUK_E2E_MAILS_PORT}`,
      cwd: root,
      url: `${E2E_SMTP.readback()}/_test/mails`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `"${process.execPath}" "${join(root, 'scripts/fake-tiles.mjs')}" ${process.env.YUK_E2E_TILES_PORT}`,
      cwd: root,
      url: `http://127.0.0.1:${process.env.YUK_E2E_TILES_PORT}/_test/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `"${process.execPath}" "${join(root, 'scripts/fake-eimzo.mjs')}" ${process.env.YUK_E2E_EIMZO_PORT}`,
      cwd: root,
      url: `http://127.0.0.1:${process.env.YUK_E2E_EIMZO_PORT}/_test/auth`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `"${process.execPath}" "${join(root, 'scripts/fake-didox.mjs')}" ${process.env.YUK_E2E_DIDOX_PORT} ${E2E_DIDOX_PARTNER_TOKEN}`,
      cwd: root,
      url: `http://127.0.0.1:${process.env.YUK_E2E_DIDOX_PORT}/_test/state`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `"${process.execPath}" "${join(root, 'scripts/fake-cbu.mjs')}" ${process.env.YUK_E2E_CBU_PORT}`,
      cwd: root,
      url: `http://127.0.0.1:${process.env.YUK_E2E_CBU_PORT}/_test/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `"${process.execPath}" "${serverMain}"`,
      cwd: root,
      url: `${baseURL}/api/health`,
      env: serverEnv,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
