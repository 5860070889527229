import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { routeUrl, ROUTES } from '../../config/paths';
import { currentSiteId } from '../../features/auth/session-store';
import { FollowUpForm } from '../../features/customers/components/follow-up-form';
import { followUpDueQueryOptions, useRefreshTodo } from '../../features/todo/api/get-follow-up-due';
import { TodoList } from '../../features/todo/components/todo-list';
import { REPORT_WRITERS } from '../../features/todo/report-writers';
import { CheckInField } from '../../features/visits/components/check-in-field';
import { offerCustomerPosition } from '../../features/visits/offer-customer-position';
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
      <Popup visible={writingFor !== null} bodyClassName="sheet sheet--form" destroyOnClose>
        {writingFor !== null && (
          <FollowUpForm
            customerId={writingFor}
            onCancel={() => setWritingFor(null)}
            checkInField={(onBusyChange) => <CheckInField onBusyChange={onBusyChange} />}
            onDone={(created) => {
              setWritingFor(null);
              void refresh();
              if (created) void offerCustomerPosition(created);
            }}
          />
        )}
      </Popup>
    </>
  );
}
