import { ERROR_MESSAGES } from '@sales/contract';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Sheet } from '../../components/sheet';
import { whenIdle, whenSettled } from '../../lib/prefetch-files';
import { showToast } from '../../lib/toast';
import type { FollowUpWriterProps } from './follow-up-writer';

type Writer = ComponentType<FollowUpWriterProps>;

/** The writer's module, asked for once; after a failure (offline before the app had kept its files), again on the next tap. */
let writerModule: Promise<Writer> | null = null;
/** The writer once its module has arrived: a later 写跟进 opens it at once. */
let loadedWriter: Writer | null = null;
function loadWriter(): Promise<Writer> {
  writerModule ??= import('./follow-up-writer').then(
    (module) => (loadedWriter = module.default),
    (error: unknown) => {
      writerModule = null;
      throw error;
    },
  );
  return writerModule;
}

/**
 * The 写跟进 sheet, open while `customerId` is set. Its writer (follow-up-writer.tsx) is fetched
 * ahead of the tap, `preload`:
 * - `shown`: when the main thread is next idle after the sheet's page is shown. 客户详情 renders the
 *   sheet with the customer, so a salesperson who opened a customer online can write offline;
 * - `settled`: once the page has settled (lib/prefetch-files.ts whenSettled), off a cold first
 *   load's measurement (今日待办, painted before the app).
 * Opened before, the sheet shows 加载中 until it arrives; if its files cannot be fetched it says
 * 网络错误 and closes. Not React.lazy: a rejected lazy component would throw to the page's error boundary.
 */
export function FollowUpWriterSheet({
  customerId,
  onClose,
  onWritten,
  preload,
}: { customerId: number | null; preload: 'shown' | 'settled' } & Omit<FollowUpWriterProps, 'customerId'>) {
  const [writer, setWriter] = useState<Writer | null>(null);
  const Writer = writer ?? loadedWriter;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const load = () => void loadWriter().catch(() => undefined);
    return preload === 'shown' ? whenIdle(load, 1000) : whenSettled(load);
  }, [preload]);
  useEffect(() => {
    if (customerId === null || loadedWriter) return undefined;
    let open = true;
    loadWriter().then(
      (loaded) => {
        if (open) setWriter(() => loaded);
      },
      () => {
        if (!open) return;
        // As any call that fails for want of a network.
        showToast(ERROR_MESSAGES.network, 'fail');
        closeRef.current();
      },
    );
    return () => {
      open = false;
    };
  }, [customerId]);

  return (
    <Sheet visible={customerId !== null} bodyClassName="sheet sheet--form" destroyOnClose>
      {customerId !== null &&
        (Writer ? (
          <Writer customerId={customerId} onClose={onClose} onWritten={onWritten} />
        ) : (
          <div className="page-status" role="status" aria-live="polite">
            <DotLoading color="primary" />
            <span>加载中</span>
          </div>
        ))}
    </Sheet>
  );
}
