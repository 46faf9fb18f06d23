import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './index.css';
import { pathTo, tenderIdOfStartParam, webRoutes } from '@yuk/shared';
import { App } from './app/app';
import { AppProvider } from './app/provider';
import { spendStartParam, startTelegram } from './lib/telegram';

// inside Telegram: its theme and bridge, and the tender a channel post or an alert opened the app at
startTelegram();
const startTender = tenderIdOfStartParam(spendStartParam());
if (startTender !== null) window.history.replaceState(null, '', pathTo(webRoutes.tender, { id: startTender }));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// the first render as a transition: React yields to the browser every few milliseconds while it mounts the
// app, so a slow phone keeps answering taps instead of freezing on one long task
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <App />
      </AppProvider>
    </StrictMode>,
  );
});
