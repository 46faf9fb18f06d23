export {
  inTelegram,
  isLinkPending,
  markLinkPending,
  spendStartParam,
  telegramLaunch,
  type TelegramLaunch,
} from './launch';
export {
  startTelegram,
  telegramHapticSuccess,
  useTelegramBackButton,
  useTelegramMainButton,
  type MainButton,
} from './use-telegram';
