import * as ROUTES from '@sales/contract/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './api-client';
import { endPushOnThisDevice } from './push-device';

vi.mock('./api-client', () => ({ call: vi.fn(() => Promise.resolve(null)) }));

const endpoint = 'https://fcm.googleapis.com/fcm/send/device-1';

function givePushSupport(subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null) {
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(subscription) } }) },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.mocked(call).mockClear();
});

describe('ending Web Push on this device at logout', () => {
  it('unsubscribes the browser and tells the server, so the next user of the phone gets none of the last one’s notices', async () => {
    const unsubscribe = vi.fn(() => Promise.resolve(true));
    givePushSupport({ endpoint, unsubscribe });
    await endPushOnThisDevice();
    expect(unsubscribe).toHaveBeenCalledOnce();
    expect(call).toHaveBeenCalledWith(ROUTES.noticePushUnsubscribe, { endpoint }, { hideErrorToast: true });
  });

  it('does nothing where push was never turned on or is unsupported', async () => {
    await endPushOnThisDevice();
    givePushSupport(null);
    await endPushOnThisDevice();
    expect(call).not.toHaveBeenCalled();
  });

  it('never stops the logout when the server cannot be told', async () => {
    givePushSupport({ endpoint, unsubscribe: () => Promise.resolve(true) });
    vi.mocked(call).mockRejectedValueOnce(new Error('offline'));
    await expect(endPushOnThisDevice()).resolves.toBeUndefined();
  });
});
