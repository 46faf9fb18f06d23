import { useEffect, useRef } from 'react';
import type * as BridgeModule from './bridge';
import { applyTelegramTheme, telegramLaunch } from './launch';

type Bridge = typeof BridgeModule;
let bridge: Promise<Bridge> | undefined;

/** The bridge's code, fetched the first time it is needed (only ever inside Telegram). */
function loadBridge(): Promise<Bridge> {
  bridge ??= import('./bridge');
  return bridge;
}

/** Inside Telegram: its theme at once, then the bridge (ready, full height, theme and viewport followed). */
export function startTelegram(): void {
  const launch = telegramLaunch();
  if (!launch) return;
  applyTelegramTheme(launch.theme);
  void loadBridge().then((loaded) => loaded.startBridge());
}

export interface MainButton {
  text: string;
  onPress: () => void;
  active?: boolean;
  progress?: boolean;
}

/** The page's one main action on Telegram's Main button while the page shows it (nothing outside Telegram). */
export function useTelegramMainButton(button: MainButton | null): void {
  const onPress = useRef(button?.onPress);
  useEffect(() => {
    onPress.current = button?.onPress;
  });
  const text = button?.text ?? null;
  const active = button?.active ?? true;
  const progress = button?.progress ?? false;
  useEffect(() => {
    if (!telegramLaunch() || text === null) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void loadBridge().then((loaded) => {
      if (cancelled) return;
      loaded.setMainButton({ text, active, progress });
      stop = loaded.onMainButton(() => onPress.current?.());
    });
    return () => {
      cancelled = true;
      stop?.();
      void loadBridge().then((loaded) => loaded.setMainButton(null));
    };
  }, [text, active, progress]);
}

/** Telegram's Back button, shown while there is somewhere to go back to. */
export function useTelegramBackButton(visible: boolean, onBack: () => void): void {
  const handler = useRef(onBack);
  useEffect(() => {
    handler.current = onBack;
  });
  useEffect(() => {
    if (!telegramLaunch()) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void loadBridge().then((loaded) => {
      if (cancelled) return;
      loaded.setBackButton(visible);
      if (visible) stop = loaded.onBackButton(() => handler.current());
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [visible]);
}

/** A success vibration inside Telegram (a bid landed); nothing elsewhere. */
export function telegramHapticSuccess(): void {
  if (!telegramLaunch()) return;
  void loadBridge().then((loaded) => loaded.hapticSuccess());
}
