import { useMutation } from '@tanstack/react-query';
import { apiPaths, pathTo, type ShareLink } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';

/** POST /api/shipments/{number}/share: a new tracking link (its token is shown this once). */
export function createShareLink(number: string): Promise<ShareLink> {
  return api.post<ShareLink>(pathTo(apiPaths.shipments.share, { number }), undefined, {
    errorMessage: i18n.t('shipments.tracking.links.createFailed'),
  });
}

/** DELETE /api/shipments/{number}/share/{token}: the link stops working at once. */
export function revokeShareLink(number: string, token: string): Promise<void> {
  return api.delete<void>(pathTo(apiPaths.shipments.shareOne, { number, token }), {
    errorMessage: i18n.t('shipments.tracking.links.revokeFailed'),
  });
}

/** DELETE /api/shipments/{number}/share: every link of the shipment, wherever it was made. */
export function revokeAllShareLinks(number: string): Promise<{ revoked: number }> {
  return api.delete<{ revoked: number }>(pathTo(apiPaths.shipments.share, { number }), {
    errorMessage: i18n.t('shipments.tracking.links.revokeFailed'),
  });
}

export const useCreateShareLink = (number: string) => useMutation({ mutationFn: () => createShareLink(number) });
export const useRevokeShareLink = (number: string) =>
  useMutation({ mutationFn: (token: string) => revokeShareLink(number, token) });
export const useRevokeAllShareLinks = (number: string) =>
  useMutation({ mutationFn: () => revokeAllShareLinks(number) });
