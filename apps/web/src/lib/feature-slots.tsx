import { createContext, Suspense, useContext, type ComponentType } from 'react';
import type { Shipment, Tender } from '@yuk/shared';

/**
 * Sections one feature's page shows from another feature (features never import each other): the app fills
 * them with lazy components, a page renders a slot where the section belongs, or nothing when it is empty.
 */
export interface FeatureSlots {
  /** Questions and answers under a tender's details. */
  tenderQuestions?: ComponentType<{ tender: Tender }>;
  /** The conversation of a shipment's two parties, on the shipment page. */
  shipmentConversation?: ComponentType<{ shipment: Shipment }>;
}

const SlotsContext = createContext<FeatureSlots>({});

export const FeatureSlotsProvider = SlotsContext.Provider;

/** Renders the slot's section with its props, once its code has loaded; nothing when no feature fills it. */
export function FeatureSlot<K extends keyof FeatureSlots>({
  name,
  props,
}: {
  name: K;
  props: NonNullable<FeatureSlots[K]> extends ComponentType<infer P> ? P : never;
}) {
  // the slot's component takes exactly the props its name declares (the type above)
  const Section = useContext(SlotsContext)[name] as ComponentType<object> | undefined;
  if (!Section) return null;
  return (
    <Suspense fallback={null}>
      <Section {...(props as object)} />
    </Suspense>
  );
}
