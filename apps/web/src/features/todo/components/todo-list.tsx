import type { OwedReport, ReportKind, ReturningCustomer } from '@sales/contract';
import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { FileOutline } from 'antd-mobile-icons';
import { OutboxStateTag } from '../../../components/outbox-state';
import { ReturnCountdown } from '../../../components/return-countdown';
import { PagedList } from '../../../components/paged-list';
import { useQueuedReport } from '../../../lib/outbox/use-outbox';
import { CardSkeleton, EmptyState, ErrorState } from '../../../components/list-states';
import { useFollowUpDue } from '../api/get-follow-up-due';
import { dueSplitText, owedReportText, returningText, type OwedReportText, type ReturningText } from '../todo-text';
import { DueCard } from './due-card';

interface TodoListProps {
  onOpenCustomer(customerId: number): void;
  onWriteFollowUp(customerId: number): void;
  onWriteReport(kind: ReportKind): void;
}

/** An owed report submitted offline says so (待发送 or 发送失败) until the outbox has sent it. */
function OwedReportItem({ report, onWrite }: { report: OwedReport; onWrite(kind: ReportKind): void }) {
  const queued = useQueuedReport(report.kind, report.periodStart);
  return (
    <OwedReportItemView
      text={owedReportText(report)}
      kind={report.kind}
      extra={queued ? <OutboxStateTag item={queued} /> : undefined}
      onClick={() => onWrite(report.kind)}
    />
  );
}

/** An owed report's row from its texts (the build renders it with placeholders for 今日待办's painter). */
export function OwedReportItemView({ text, kind, extra, onClick }: { text: OwedReportText; kind: string; extra?: ReactNode; onClick(): void }) {
  return (
    <List.Item prefix={<FileOutline />} description={text.hint} extra={extra} onClick={onClick} data-testid={`todo-report-${kind}`}>
      {text.title}
    </List.Item>
  );
}

/** A row of 即将回收 from its texts (the build renders it with placeholders for 今日待办's painter). */
export function ReturningItemView({ text, daysLeft, onOpen }: { text: ReturningText; daysLeft: number; onOpen(): void }) {
  return (
    <List.Item description={text.description} extra={<ReturnCountdown daysLeft={daysLeft} />} onClick={onOpen} data-testid="todo-returning-item">
      {text.name}
    </List.Item>
  );
}

function OwedReports({ reports, onWrite }: { reports: readonly OwedReport[]; onWrite(kind: ReportKind): void }) {
  return (
    <section aria-label="待提交报告" data-testid="todo-reports">
      <h2 className="section-title">
        待提交报告 <span className="muted todo-count">{reports.length}</span>
      </h2>
      <List className="todo-reports">
        {reports.map((report) => (
          <OwedReportItem key={report.kind} report={report} onWrite={onWrite} />
        ))}
      </List>
    </section>
  );
}

/** 即将回收: the caller's customers the 公海 rules return within the warning window, the soonest first. */
function Returning({ list, onOpen }: { list: readonly ReturningCustomer[]; onOpen(customerId: number): void }) {
  return (
    <section aria-label="即将回收" data-testid="todo-returning">
      <h2 className="section-title">
        即将回收 <span className="muted todo-count">{list.length}</span>
      </h2>
      <List className="todo-reports">
        {list.map((item) => (
          <ReturningItemView key={item.customer.id} text={returningText(item)} daysLeft={item.daysLeft} onOpen={() => onOpen(item.customer.id)} />
        ))}
      </List>
    </section>
  );
}

/**
 * 今日待办: 待提交报告 (this period's reports not submitted), 即将回收 (customers the 公海 rules
 * return within the warning window) and 待联系 (today's first, then the overdue ones, the most
 * recently due first), or 今天没有待办 when there is nothing.
 */
export function TodoList({ onOpenCustomer, onWriteFollowUp, onWriteReport }: TodoListProps) {
  const query = useFollowUpDue();
  const first = query.data?.pages[0];
  if (!first) {
    if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
    return <CardSkeleton count={3} lines={3} />;
  }
  if (first.count === 0 && first.returning.length === 0) {
    return (
      <div className="todo" data-testid="todo">
        <EmptyState title="今天没有待办" hint="设置了下次联系的客户到期后会出现在这里" />
      </div>
    );
  }
  return (
    <div className="todo" data-testid="todo">
      {first.reports.length > 0 && <OwedReports reports={first.reports} onWrite={onWriteReport} />}
      {first.returning.length > 0 && <Returning list={first.returning} onOpen={onOpenCustomer} />}
      {first.total > 0 && (
        <section aria-label="待联系" data-testid="todo-due">
          <h2 className="section-title">
            待联系 <span className="muted todo-count">{first.total}</span>
            <span className="muted todo-split" data-testid="todo-due-split">
              {dueSplitText(first)}
            </span>
          </h2>
          <PagedList
            query={query}
            empty="没有待联系的客户"
            renderItem={(item) => (
              <DueCard key={item.id} item={item} onOpen={() => onOpenCustomer(item.customer.id)} onWrite={() => onWriteFollowUp(item.customer.id)} />
            )}
            testId="todo-due-list"
          />
        </section>
      )}
    </div>
  );
}
