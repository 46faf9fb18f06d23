import { describe, expect, it } from 'vitest';
import { apiPaths } from './api-paths.js';
import { pathTo } from './paths.js';
import { shipmentStatusLink, webRoutes } from './web-routes.js';

describe('pathTo', () => {
  it('fills every parameter, encoded as one segment', () => {
    expect(pathTo(apiPaths.tenders.bids, { id: 7 })).toBe('/api/tenders/7/bids');
    expect(pathTo(apiPaths.shipments.status, { number: 'YT-000001/x' })).toBe('/api/shipments/YT-000001%2Fx/status');
    expect(pathTo(webRoutes.editVehicle, { id: '12' })).toBe('/vehicles/edit/12');
  });

  it('leaves a pattern without parameters as it is', () => {
    expect(pathTo(apiPaths.tenders.all)).toBe('/api/tenders/all');
  });

  it('refuses a missing value instead of sending a broken path', () => {
    const fill = pathTo as (pattern: string, params: Record<string, string>) => string;
    expect(() => fill('/api/tenders/:id', {})).toThrow(/:id/);
  });

  it('names no API path with a trailing slash and every one under /api', () => {
    const all: string[] = [];
    const walk = (node: object) =>
      Object.values(node).forEach((value) => (typeof value === 'string' ? all.push(value) : walk(value as object)));
    walk(apiPaths);
    for (const path of all) {
      expect(path.startsWith('/api/')).toBe(true);
      expect(path.endsWith('/')).toBe(false);
    }
    expect(new Set(all).size).toBe(all.length);
  });

  it('builds the shipment status link the notifications carry', () => {
    expect(shipmentStatusLink('YT-000123')).toBe('/shipment/status?number=YT-000123');
  });
});
