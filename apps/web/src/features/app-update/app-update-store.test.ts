// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkForAppUpdate, useAppUpdate, type UpdatableRegistration } from './app-update-store';

/** A registration whose update() finds `next` (a new worker) or nothing. */
function fakeRegistration(next: 'new version' | 'nothing'): UpdatableRegistration & { update: ReturnType<typeof vi.fn> } {
  const registration = {
    installing: null as ServiceWorker | null,
    waiting: null as ServiceWorker | null,
    update: vi.fn(async () => {
      if (next === 'new version') registration.waiting = {} as ServiceWorker;
    }),
  };
  return registration;
}

describe('checkForAppUpdate', () => {
  beforeEach(() => {
    useAppUpdate.setState({ registration: null, waiting: false, apply: null });
  });

  it('says the browser cannot update offline when no worker is registered', async () => {
    expect(await checkForAppUpdate()).toBe('unsupported');
  });

  it('asks the server for a new worker and reports the latest version when none waits', async () => {
    const registration = fakeRegistration('nothing');
    useAppUpdate.getState().registered(registration, async () => undefined);
    expect(await checkForAppUpdate()).toBe('latest');
    expect(registration.update).toHaveBeenCalledOnce();
    expect(useAppUpdate.getState().waiting).toBe(false);
  });

  it('reports a waiting version and offers the reload', async () => {
    const apply = vi.fn(async () => undefined);
    useAppUpdate.getState().registered(fakeRegistration('new version'), apply);
    expect(await checkForAppUpdate()).toBe('waiting');
    expect(useAppUpdate.getState().waiting).toBe(true);
    await useAppUpdate.getState().apply?.();
    expect(apply).toHaveBeenCalledOnce();
  });
});
