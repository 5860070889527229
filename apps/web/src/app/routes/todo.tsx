import { ERROR_MESSAGES } from '@sales/contract';
import { Popup } from 'antd-mobile';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useEffect, useState, type ComponentType } from 'react';
import { routeUrl, ROUTES } from '../../config/paths';
import { currentSiteId } from '../../features/auth/session-store';
import { followUpDueQueryOptions, useRefreshTodo } from '../../features/todo/api/get-follow-up-due';
import { TodoList } from '../../features/todo/components/todo-list';
import { REPORT_WRITERS } from '../../features/todo/report-writers';
import { nav } from '../../lib/navigation';
import { registerPaintTakeover } from '../../lib/painted-page';
import { whenSettled } from '../../lib/prefetch-files';
import { queryClient } from '../../lib/query-client';
import { showToast } from '../../lib/toast';

// The painted copy of 今日待办 (app/prerender/todo-painter.ts) showed the first page: the app's first
// render reads it from the cache (the request layer takes the same answer).
registerPaintTakeover(ROUTES.todo.path, () => queryClient.prefetchInfiniteQuery(followUpDueQueryOptions(currentSiteId())));

type Writer = ComponentType<{ customerId: number; onClose: () => void; onWritten: () => void }>;

/** The 写跟进 sheet's module, asked for once; after a failure (offline before the app had kept its files), again on the next tap. */
let writerModule: Promise<Writer> | null = null;
/** The sheet once its module has arrived: a later 写跟进 opens it at once. */
let loadedWriter: Writer | null = null;
function loadWriter(): Promise<Writer> {
  writerModule ??= import('./todo-follow-up-writer').then(
    (module) => (loadedWriter = module.default),
    (error: unknown) => {
      writerModule = null;
      throw error;
    },
  );
  return writerModule;
}

/** 今日待办 (pages/my/todo): the caller's due customers and unsubmitted reports; 写跟进 opens the customer page's writer here. */
export default function TodoPage() {
  const [writingFor, setWritingFor] = useState<number | null>(null);
  const [Writer, setWriter] = useState<Writer | null>(() => loadedWriter);
  const refresh = useRefreshTodo();
  // The writer's files come once the list has settled (or on the first touch), not with it.
  useEffect(() => whenSettled(() => void loadWriter().catch(() => undefined)), []);
  const write = (customerId: number) => {
    setWritingFor(customerId);
    if (loadedWriter) {
      setWriter(() => loadedWriter);
      return;
    }
    loadWriter().then(
      (loaded) => setWriter(() => loaded),
      () => {
        setWritingFor(null);
        // Its files could not be fetched (offline before the app had kept them): as any call that fails.
        showToast(ERROR_MESSAGES.network, 'fail');
      },
    );
  };
  const close = () => setWritingFor(null);
  return (
    <>
      <TodoList
        onOpenCustomer={(id) => nav.navigateTo(routeUrl('customerDetails', { id }))}
        onWriteFollowUp={write}
        onWriteReport={(kind) => nav.navigateTo(REPORT_WRITERS[kind])}
      />
      <Popup visible={writingFor !== null} bodyClassName="sheet sheet--form" destroyOnClose>
        {writingFor !== null &&
          (Writer ? (
            <Writer customerId={writingFor} onClose={close} onWritten={() => void refresh()} />
          ) : (
            <div className="page-status" role="status" aria-live="polite">
              <DotLoading color="primary" />
              <span>加载中</span>
            </div>
          ))}
      </Popup>
    </>
  );
}
