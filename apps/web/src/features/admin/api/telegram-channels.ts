import { useQuery } from '@tanstack/react-query';
import { apiPaths, type TelegramChannelsReport } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { companyKeys } from '../../../lib/query-keys';
import { hasAccessToken } from '../../../lib/session';

/** GET /api/admin/telegram-channels: each tender channel with its last post, its refusal and its failures. */
export function useTelegramChannels() {
  return useQuery({
    queryKey: companyKeys.telegramChannels(),
    queryFn: ({ signal }) => api.get<TelegramChannelsReport>(apiPaths.admin.telegramChannels, { signal }),
    enabled: hasAccessToken(),
  });
}
