import { describe, expect, it, vi } from 'vitest';
import { watchForUpdates } from './service-worker';

/** A worker container as the browser gives one: a registration, maybe a version waiting, a page controller. */
function fakeWorkers({ waiting, controlled }: { waiting: boolean; controlled: boolean }) {
  const registrationListeners: Record<string, () => void> = {};
  const containerListeners: Record<string, () => void> = {};
  const waitingWorker = { postMessage: vi.fn(), state: 'installed' };
  const registration = {
    waiting: waiting ? waitingWorker : null,
    installing: null as null | { state: string; addEventListener: (type: string, listener: () => void) => void },
    addEventListener: (type: string, listener: () => void) => void (registrationListeners[type] = listener),
  };
  const register = vi.fn(async () => registration);
  const workers = {
    controller: controlled ? {} : null,
    register,
    addEventListener: (type: string, listener: () => void) => void (containerListeners[type] = listener),
  } as unknown as ServiceWorkerContainer;
  return { workers, register, registration, waitingWorker, registrationListeners, containerListeners };
}

describe('a new version of the app', () => {
  it('waiting from an earlier visit is offered, and takes over only when the user says so', async () => {
    const fake = fakeWorkers({ waiting: true, controlled: true });
    const offers: (() => void)[] = [];
    const reload = vi.fn();
    await watchForUpdates(fake.workers, (accept) => offers.push(accept), reload);
    expect(fake.register).toHaveBeenCalledWith('/sw.js');
    expect(offers).toHaveLength(1);
    expect(fake.waitingWorker.postMessage).not.toHaveBeenCalled();
    offers[0]?.();
    expect(fake.waitingWorker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    fake.containerListeners.controllerchange?.();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('found while the page runs is offered once installed; a first install is not an update', async () => {
    for (const controlled of [true, false]) {
      const fake = fakeWorkers({ waiting: false, controlled });
      const offers: (() => void)[] = [];
      await watchForUpdates(fake.workers, (accept) => offers.push(accept), vi.fn());
      let onState = () => undefined as void;
      const installing = {
        state: 'installing',
        addEventListener: (_: string, listener: () => void) => (onState = listener),
      };
      fake.registration.installing = installing;
      fake.registrationListeners.updatefound?.();
      installing.state = 'installed';
      onState();
      expect(offers).toHaveLength(controlled ? 1 : 0);
    }
  });
});
