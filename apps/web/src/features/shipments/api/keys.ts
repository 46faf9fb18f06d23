/** The query keys of shipment data; everything sits under 'shipments'. */
export const shipmentsKey = ['shipments'] as const;
export const shipmentListKey = ['shipments', 'list'] as const;
export const shipmentKey = (number: string) => ['shipments', 'detail', number] as const;
