/** The telegram-app module: the Mini App's sign-in without typing, and linking an account to a Telegram user. */
export { telegramAppRoutes } from './telegram-app.routes.js';
export { type TelegramAppContext } from './telegram-app.service.js';
export { checkInitData, initDataSecret, signInitData, type InitDataCheck } from './init-data.js';
