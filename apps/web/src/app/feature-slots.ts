import { lazy } from 'react';
import type { FeatureSlots } from '../lib/feature-slots';

/**
 * What fills the pages' slots: each section is loaded with the first page that shows it (the tender page, the
 * shipment page), not with the shell.
 */
export const FEATURE_SLOTS: FeatureSlots = {
  tenderQuestions: lazy(() => import('../features/tender-questions/components/tender-questions')),
  shipmentConversation: lazy(() => import('../features/conversations/components/shipment-conversation')),
};
