import { create } from 'zustand';

/** The parts of a ServiceWorkerRegistration the update check uses. */
export interface UpdatableRegistration {
  readonly installing: ServiceWorker | null;
  readonly waiting: ServiceWorker | null;
  update(): Promise<unknown>;
}

export type UpdateCheck = 'unsupported' | 'latest' | 'waiting';

interface AppUpdateState {
  registration: UpdatableRegistration | null;
  /** A new version is installed and waits for a reload. */
  waiting: boolean;
  /** Activates the waiting version and reloads the page. */
  apply: (() => Promise<void>) | null;
  registered(registration: UpdatableRegistration, apply: () => Promise<void>): void;
  updateReady(): void;
}

export const useAppUpdate = create<AppUpdateState>()((set) => ({
  registration: null,
  waiting: false,
  apply: null,
  registered: (registration, apply) => set({ registration, apply, waiting: registration.waiting !== null }),
  updateReady: () => set({ waiting: true }),
}));

/** Resolves once a worker being installed is installed (or failed). */
function installed(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state !== 'installing') {
        worker.removeEventListener('statechange', settle);
        resolve();
      }
    };
    worker.addEventListener('statechange', settle);
    settle();
  });
}

/** 检查更新: asks the server for a newer service worker and says whether a new version waits. */
export async function checkForAppUpdate(): Promise<UpdateCheck> {
  const { registration } = useAppUpdate.getState();
  if (!registration) return 'unsupported';
  await registration.update();
  if (registration.installing) await installed(registration.installing);
  const waiting = registration.waiting !== null;
  if (waiting) useAppUpdate.getState().updateReady();
  return waiting ? 'waiting' : 'latest';
}
