// B4: the web app's weight and quality. The gzipped JavaScript a first visit downloads before the login screen
// is usable (measured in Chromium), and Lighthouse 12 (performance, accessibility, CLS): at desktop on the
// login page and the tender list of a signed-in user, and in mobile mode (a phone's screen, slow 4G, 4× slower
// CPU: Lighthouse's default) on the login page, the tender list and a tender's page.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, resolveChromium } from '../../scripts/browser.mjs';
import { FIRST_SCREEN_BUDGET_KB } from '../../scripts/check-web-budget.mjs';
import { freePort, startBuiltServer } from '../lib/server.mjs';
import { round } from '../lib/stats.mjs';
import { onEveryCore } from '../lib/system.mjs';

// the same browser as the journeys of `npm test` (system, CHROMIUM_PATH or the one shipped on npm)
const CHROME =
  process.env.CHROME_PATH ??
  (await resolveChromium().then(
    (found) => found.path,
    () => '/usr/bin/chromium',
  ));
const FLAGS = [...CHROMIUM_FLAGS, '--headless=new'];

async function firstScreenJs(url) {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welcome to Yuk Tender' }).waitFor();
    let gz = 0;
    let raw = 0;
    for (const response of scripts) {
      const body = await response.body();
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
    }
    return { files: scripts.length, rawKb: raw / 1024, gzKb: gz / 1024 };
  } finally {
    await browser.close();
  }
}

const LIGHTHOUSE_TIMEOUT_MS = 240_000;
/** Audits of each page (BENCH_LIGHTHOUSE_RUNS): one score moves by 20 points from run to run on a busy machine. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 1);

/** Where the Lighthouse reports stay for reading (BENCH_REPORT_DIR); without it they go with the run's data. */
const REPORT_DIR = process.env.BENCH_REPORT_DIR || undefined;
if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });

/** The run of median performance (Lighthouse's advice for its variance: report the median of several runs). */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Runs `npx lighthouse@12` against the Chromium listening on `port` and reads its JSON report. Asynchronous on
 * purpose: Playwright, which launched that Chromium, holds new tabs (the one Lighthouse opens among them) until
 * it answers them, so this process's event loop must keep running while Lighthouse works; with a blocking
 * spawnSync the audit stalls until the timeout and writes no report.
 * Desktop preset: desktop scoring with desktop throttling (--form-factor=desktop alone would score a
 * mobile-throttled load against the desktop thresholds).
 */
function lighthouse(url, port, outDir, name, mobile = false) {
  const out = join(outDir, `${name}.json`);
  // a page's runs share this file: a run that writes no report must not be read as the previous run's
  rmSync(out, { force: true });
  const args = [
    '-y',
    'lighthouse@12',
    url,
    `--port=${port}`,
    '--disable-storage-reset',
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    // mobile: Lighthouse's own defaults (a Moto G Power's screen, slow 4G, 4× CPU slowdown, simulated)
    ...(mobile ? [] : ['--preset=desktop', '--screenEmulation.disabled']),
    '--throttling-method=simulate',
  ];
  return new Promise((resolve, reject) => {
    // its own process group, so that a timeout ends npx and the Lighthouse process it started
    const child = spawn('npx', args, { env: { ...process.env, CHROME_PATH: CHROME }, detached: true });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.resume();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, LIGHTHOUSE_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start npx: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (existsSync(out)) {
        const report = JSON.parse(readFileSync(out, 'utf8'));
        if (report.runtimeError) {
          reject(new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`));
          return;
        }
        resolve({
          performance: Math.round((report.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
          cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
          // what moves the score: the log names them, so that two builds' scores can be told apart
          fcp: report.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
          lcp: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          tbt: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
          si: report.audits['speed-index']?.numericValue ?? Number.NaN,
        });
        return;
      }
      // npm's own warnings say nothing about Lighthouse: the reason is the last other line
      const reason = stderr
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('npm warn'))
        .at(-1);
      const ended = timedOut ? `timed out after ${LIGHTHOUSE_TIMEOUT_MS / 1000} s` : `exit ${code ?? signal}`;
      reject(new Error(`no report for ${url} (${ended})${reason ? `: ${reason}` : ''}`));
    });
  });
}

/** A Lighthouse timing, rounded to the millisecond. */
const ms = (value) => `${Math.round(value)} ms`;

/** One line of the reason (the bench log and the results table show it as it is). */
function oneLine(error) {
  return String(error instanceof Error ? error.message : error)
    .replace(/\s+/g, ' ')
    .slice(0, 300);
}

export default {
  name: 'B4 web',
  // Chromium and Lighthouse on every core: confined to the load generator's one, the browser's own processes
  // and Lighthouse's reading of the trace took turns with the page's main thread, whose tasks Lighthouse then
  // measured several times longer (its variability guide asks for at least 2 dedicated cores). The server
  // stays on its core, and nothing else runs during B4.
  run: ({ cores, log }) => onEveryCore(cores.bench, () => measureWeb({ cores, log })),
};

async function measureWeb({ cores, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-web-'));
  const profile = mkdtempSync(join(tmpdir(), 'yuk-bench-profile-'));
  const app = await startBuiltServer({ dataDir, core: cores.server, env: { SEED_DEMO: '1' } });
  const rows = [];
  try {
    const js = await firstScreenJs(app.url);
    log(`first screen: ${js.files} scripts, ${js.rawKb.toFixed(0)} KB, ${js.gzKb.toFixed(1)} KB gzipped`);
    rows.push({
      case: 'B4 first-screen JS (gzipped)',
      p50: round(js.gzKb, 1),
      unit: 'KB',
      // the same budget as the build's check (scripts/check-web-budget.mjs) and the browser journey
      target: `≤ ${FIRST_SCREEN_BUDGET_KB} KB gz`,
      met: js.gzKb <= FIRST_SCREEN_BUDGET_KB,
    });

    const port = await freePort();
    const target = 'performance ≥ 95, accessibility 100, CLS ≤ 0.1';
    // Lighthouse comes from the registry at bench time (npx lighthouse@12); when it cannot run here, the
    // log says why in one line and the row says "not measured", instead of ending the whole bench.
    const notMeasured = (name, error) => {
      const reason = oneLine(error);
      log(`Lighthouse ${name}: not measured: ${reason}`);
      rows.push({ case: `B4 Lighthouse ${name}`, target, note: `not measured: ${reason}` });
    };
    const mobileTarget = 'mobile: performance ≥ 90, accessibility 100';
    const describe = (figures) =>
      `performance ${figures.performance}, accessibility ${figures.accessibility}, CLS ${figures.cls.toFixed(3)}` +
      ` (FCP ${ms(figures.fcp)}, LCP ${ms(figures.lcp)}, TBT ${ms(figures.tbt)}, SI ${ms(figures.si)})`;
    const audit = async (name, url, mobile = false) => {
      try {
        const runs = [];
        for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
          // every run is a first visit: no service worker and none of its copies (the session stays)
          await forgetServiceWorker();
          const report = `${name.replace(/\s+/g, '-')}${LIGHTHOUSE_RUNS > 1 ? `-${run}` : ''}`;
          const figures = await lighthouse(url, port, REPORT_DIR ?? dataDir, report, mobile);
          if (LIGHTHOUSE_RUNS > 1) log(`${name}, run ${run}: ${describe(figures)}`);
          runs.push(figures);
        }
        const figures = medianRun(runs);
        log(`${name}${LIGHTHOUSE_RUNS > 1 ? ` (median of ${LIGHTHOUSE_RUNS})` : ''}: ${describe(figures)}`);
        rows.push({
          case: `B4 Lighthouse ${name}`,
          performance: figures.performance,
          accessibility: figures.accessibility,
          cls: round(figures.cls, 3),
          ...(LIGHTHOUSE_RUNS > 1 ? { runs: runs.map((one) => one.performance) } : {}),
          target: mobile ? mobileTarget : target,
          met: mobile
            ? figures.performance >= 90 && figures.accessibility === 100
            : figures.performance >= 95 && figures.accessibility === 100 && figures.cls <= 0.1,
        });
      } catch (error) {
        notMeasured(name, error);
      }
    };
    const forgetServiceWorker = async () => {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${app.url}/favicon.svg`);
      // runs in the page: the browser's globals are reached through globalThis
      await page.evaluate(async () => {
        const { navigator: browser, caches: stores } = globalThis;
        for (const registration of await browser.serviceWorker.getRegistrations()) await registration.unregister();
        for (const key of await stores.keys()) await stores.delete(key);
      });
    };
    let context;
    try {
      context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROME,
        args: [...FLAGS, `--remote-debugging-port=${port}`],
      });
    } catch (error) {
      for (const name of ['login', 'tender list', 'mobile login', 'mobile tender list', 'mobile tender page']) {
        notMeasured(name, error);
      }
    }
    if (context) {
      try {
        await audit('login', `${app.url}/`);
        await audit('mobile login', `${app.url}/`, true);
        // sign in inside the same profile, so that Lighthouse sees the tender list of a signed-in user
        try {
          const page = context.pages()[0] ?? (await context.newPage());
          await page.goto(`${app.url}/`);
          await page.getByLabel(/email/i).first().fill('carrier@yuktender.uz');
          await page
            .getByLabel(/parol|password/i)
            .first()
            .fill('demo12345');
          await page
            .getByRole('button', { name: /^(Log In|Kirish|Войти)$/ })
            .last()
            .click();
          // signed in: the app leaves the login screen for the signed-in home (the dashboard)
          await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/login'));
        } catch (error) {
          notMeasured('tender list', `signing in failed: ${oneLine(error)}`);
          return rows;
        }
        await audit('tender list', `${app.url}/tenders`);
        await audit('mobile tender list', `${app.url}/tenders`, true);
        await audit('mobile tender page', `${app.url}/tender/1`, true);
      } finally {
        await context.close();
      }
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
  return rows;
}
