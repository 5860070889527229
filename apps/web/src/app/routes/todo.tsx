import { useState } from 'react';
import { routeUrl, ROUTES } from '../../config/paths';
import { currentSiteId } from '../../features/auth/session-store';
import { FollowUpWriterSheet } from './follow-up-writer-sheet';
import { followUpDueQueryOptions, useRefreshTodo } from '../../features/todo/api/get-follow-up-due';
import { TodoList } from '../../features/todo/components/todo-list';
import { REPORT_WRITERS } from '../../features/todo/report-writers';
import { nav } from '../../lib/navigation';
import { registerPaintTakeover } from '../../lib/painted-page';
import { queryClient } from '../../lib/query-client';

// The painted copy of 今日待办 (app/prerender/todo-painter.ts) showed the first page: the app's first
// render reads it from the cache (the request layer takes the same answer).
registerPaintTakeover(ROUTES.todo.path, () => queryClient.prefetchInfiniteQuery(followUpDueQueryOptions(currentSiteId())));

/** 今日待办 (pages/my/todo): the caller's due customers and unsubmitted reports; 写跟进 opens the customer page's writer here. */
export default function TodoPage() {
  const [writingFor, setWritingFor] = useState<number | null>(null);
  const refresh = useRefreshTodo();
  return (
    <>
      <TodoList
        onOpenCustomer={(id) => nav.navigateTo(routeUrl('customerDetails', { id }))}
        onWriteFollowUp={setWritingFor}
        onWriteReport={(kind) => nav.navigateTo(REPORT_WRITERS[kind])}
      />
      <FollowUpWriterSheet preload="settled" customerId={writingFor} onClose={() => setWritingFor(null)} onWritten={() => void refresh()} />
    </>
  );
}
