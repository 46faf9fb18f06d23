import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  pathTo,
  STALE_TIMES,
  type NotificationSettings,
  type NotificationSettingsInput,
  type PushSubscriptionInput,
  type TelegramLink,
} from '@yuk/shared';
import i18n, { useLanguage } from '../../../i18n';
import { api } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/query-keys';

/** GET /api/users/me/notification-settings (failed messages titled in the current language). */
export function useNotificationSettings() {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: deliveryKeys.settings(lang),
    queryFn: ({ signal }) =>
      api.get<NotificationSettings>(apiPaths.users.notificationSettings, {
        signal,
        errorMessage: i18n.t('notifications.settings.fetchFailed'),
      }),
    staleTime: STALE_TIMES.lists,
  });
}

/** Every change answers the whole settings: the answer replaces what the page shows. */
function useSettingsMutation<Args>(call: (args: Args) => Promise<NotificationSettings>) {
  const queryClient = useQueryClient();
  const { language: lang } = useLanguage();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => {
      queryClient.setQueryData(deliveryKeys.settings(lang), settings);
      return queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
    },
  });
}

/** PUT …/notification-settings: the parts given change, the rest stays. */
export function useUpdateNotificationSettings() {
  return useSettingsMutation((input: NotificationSettingsInput) =>
    api.put<NotificationSettings>(apiPaths.users.notificationSettings, input, {
      errorMessage: i18n.t('notifications.settings.saveFailed'),
    }),
  );
}

/** DELETE …/telegram-link: this account stops sending to the chat. */
export function useUnlinkTelegram() {
  return useSettingsMutation(() =>
    api.delete<NotificationSettings>(apiPaths.users.telegramLink, {
      errorMessage: i18n.t('notifications.settings.unlinkFailed'),
    }),
  );
}

/** POST …/deliveries/{id}/retry: a failed message gets another round of tries. */
export function useRetryDelivery() {
  return useSettingsMutation((id: number) =>
    api.post<NotificationSettings>(pathTo(apiPaths.users.retryDelivery, { id }), undefined, {
      errorMessage: i18n.t('notifications.settings.retryFailed'),
    }),
  );
}

/** POST …/telegram-link: a one-time deep link to the bot, valid 10 minutes. */
export function useTelegramLink() {
  return useMutation({
    mutationFn: () =>
      api.post<TelegramLink>(apiPaths.users.telegramLink, undefined, {
        errorMessage: i18n.t('notifications.settings.linkFailed'),
      }),
  });
}

export function savePushSubscription(subscription: PushSubscriptionInput) {
  return api.post<{ id: number }>(apiPaths.push.subscriptions, subscription, {
    errorMessage: i18n.t('notifications.settings.pushFailed'),
  });
}

export function deletePushSubscription(id: number) {
  return api.delete<null>(pathTo(apiPaths.push.subscription, { id }), {
    errorMessage: i18n.t('notifications.settings.pushFailed'),
  });
}
