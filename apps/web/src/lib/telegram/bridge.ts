/**
 * The web-view bridge to Telegram (the @tma.js bridge: postEvent to Telegram, its events back), loaded only when
 * the app was launched inside Telegram.
 */
import { on, postEvent } from '@tma.js/bridge';
import { applyTelegramTheme, applyTelegramViewport } from './launch';

/** Tells Telegram the app is ready, asks for the full height, and follows its theme and viewport. */
export function startBridge(): void {
  on('theme_changed', ({ theme_params: theme }) => {
    const colors: Record<string, string> = {};
    for (const [key, color] of Object.entries(theme)) if (color) colors[key] = color;
    applyTelegramTheme(colors);
  });
  on('viewport_changed', ({ height, is_state_stable: stable }) => {
    const root = document.documentElement;
    const stableHeight = stable
      ? height
      : Number.parseFloat(root.style.getPropertyValue('--tg-viewport-stable-height')) || height;
    applyTelegramViewport(height, stableHeight);
  });
  postEvent('web_app_ready');
  postEvent('web_app_expand');
  postEvent('web_app_request_theme');
  postEvent('web_app_request_viewport');
}

export interface MainButtonState {
  text: string;
  active: boolean;
  progress: boolean;
}

/** Shows Telegram's Main button with this text (null hides it). */
export function setMainButton(state: MainButtonState | null): void {
  if (!state) {
    postEvent('web_app_setup_main_button', { is_visible: false });
    return;
  }
  postEvent('web_app_setup_main_button', {
    is_visible: true,
    is_active: state.active,
    is_progress_visible: state.progress,
    text: state.text,
  });
}

export function setBackButton(visible: boolean): void {
  postEvent('web_app_setup_back_button', { is_visible: visible });
}

export function onMainButton(listener: () => void): () => void {
  return on('main_button_pressed', listener);
}

export function onBackButton(listener: () => void): () => void {
  return on('back_button_pressed', listener);
}

/** A short vibration that something succeeded (a bid landed). */
export function hapticSuccess(): void {
  postEvent('web_app_trigger_haptic_feedback', { type: 'notification', notification_type: 'success' });
}
