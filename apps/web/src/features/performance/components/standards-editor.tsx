import { chinaDayString, type StandardChange, type StandardRow, type Targets } from '@sales/contract';
import { ErrorBlock, NoticeBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { CardSkeleton, EmptyState, ErrorState, RecordErrorState } from '../../../components/list-states';
import { Money } from '../../../components/money';
import { MonthStepper } from '../../../components/month-stepper';
import { TapCard } from '../../../components/tap-card';
import { Sheet } from '../../../components/sheet';
import { flattenPages } from '../../../lib/paging';
import { formatDateTime } from '../../../lib/format';
import { shiftMonth } from '../../../lib/month';
import { useSession } from '../../auth/session-store';
import { useStandardHistory } from '../api/get-standard-history';
import { useStandards } from '../api/get-standards';
import { usePerformanceSiteId } from '../performance-site';
import { SitePicker } from './site-picker';
import { StandardForm } from './standard-form';

/** Standards are kept from 13 months back (the seed) to next month (planned ahead). */
const MONTHS_BACK = 13;

function TargetsLine({ targets }: { targets: Targets }) {
  return (
    <span className="standard-row__values">
      <Money value={targets.targetAmount} /> · {targets.targetOrders}单 · 新客户{targets.targetNewCustomers}位
    </span>
  );
}

function StandardCard({ row, name, canEdit, onEdit }: { row: StandardRow; name: string; canEdit: boolean; onEdit(): void }) {
  const body = (
    <>
      <div className="card__row">
        <span className="card__title">{name}</span>
        {canEdit && (
          <span className="standard-row__edit" data-testid="standard-edit">
            编辑 <RightOutline />
          </span>
        )}
      </div>
      <div className="card__row card__meta">
        <TargetsLine targets={row} />
      </div>
      <div className="card__row card__meta">
        {row.isSet ? (
          <span className="muted">{row.updatedBy ? `${row.updatedBy.username} 更新于 ${formatDateTime(row.updatedAt)}` : '已设置'}</span>
        ) : (
          <span className="muted">{row.staffId === null ? '未设置' : '未单独设置，沿用站点默认'}</span>
        )}
      </div>
    </>
  );
  // The whole card opens the form: a big target that the floating site badge cannot cover.
  return (
    <div data-testid="standard-row" data-staff-id={row.staffId ?? 'default'}>
      {canEdit ? (
        <TapCard onTap={onEdit} label={`编辑 ${name}`}>
          {body}
        </TapCard>
      ) : (
        <div className="card">{body}</div>
      )}
    </div>
  );
}

function changeWho(change: StandardChange): string {
  return change.staffId === null ? '站点默认' : (change.member?.username ?? `成员 ${change.staffId}`);
}

function History({ month }: { month: string }) {
  const history = useStandardHistory(month, true);
  const rows = flattenPages(history.data?.pages);
  if (!history.data) {
    if (history.isError) return <ErrorState onRetry={() => void history.refetch()} />;
    return <CardSkeleton count={2} lines={1} />;
  }
  if (rows.length === 0) return <EmptyState title="本月暂无修改记录" />;
  return (
    <ul className="standard-history" data-testid="standard-history">
      {rows.map((change) => (
        <li key={change.id} className="standard-history__item" data-testid="standard-change">
          <div className="card__row">
            <span>
              {change.changedBy.username} 修改了 <strong>{changeWho(change)}</strong>
            </span>
            <span className="muted">{formatDateTime(change.changedAt)}</span>
          </div>
          <div className="standard-history__diff">
            {change.old ? <TargetsLine targets={change.old} /> : <span className="muted">（新设）</span>}
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden">改为</span>
            <TargetsLine targets={change.new} />
          </div>
        </li>
      ))}
      {history.hasNextPage && (
        <li>
          <button type="button" className="link-button" onClick={() => void history.fetchNextPage()}>
            更多记录
          </button>
        </li>
      )}
    </ul>
  );
}

/** 编辑业绩标准: a month's site default and member standards, editable by the site's leaders, and the change history. */
export function StandardsEditor() {
  const thisMonth = chinaDayString(new Date()).slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const [editing, setEditing] = useState<StandardRow | null>(null);
  const siteId = usePerformanceSiteId();
  const readsAllSites = useSession((state) => state.userInfo?.reportAllSites ?? false);
  const standards = useStandards(month);
  const data = standards.data;

  return (
    <>
      <div className="list-toolbar standard-toolbar">
        <MonthStepper month={month} onChange={setMonth} min={shiftMonth(thisMonth, -MONTHS_BACK)} max={shiftMonth(thisMonth, 1)} testId="standard-month" />
        {readsAllSites && (
          <div className="filter-row">
            <SitePicker />
          </div>
        )}
      </div>
      {!data ? (
        standards.isError ? (
          <RecordErrorState error={standards.error} what="业绩标准" onRetry={() => void standards.refetch()} />
        ) : (
          <CardSkeleton count={3} lines={2} />
        )
      ) : (
        <div className={standards.isPlaceholderData ? 'is-refreshing' : undefined} data-testid="standards" data-month={data.month} data-can-edit={data.canEdit}>
          {!data.canEdit && (
            <NoticeBar content="只读：仅本站点主管可以编辑业绩标准" color="alert" wrap data-testid="standard-readonly" />
          )}
          <h2 className="section-title">站点默认</h2>
          <StandardCard row={data.siteDefault} name="站点默认标准" canEdit={data.canEdit} onEdit={() => setEditing(data.siteDefault)} />
          <h2 className="section-title">成员标准</h2>
          {data.members.length === 0 ? (
            <EmptyState title="暂无成员" />
          ) : (
            data.members.map((row) => <StandardCard key={row.staffId ?? 'default'} row={row} name={row.member?.username ?? ''} canEdit={data.canEdit} onEdit={() => setEditing(row)} />)
          )}
          <h2 className="section-title">修改记录</h2>
          <History month={data.month} />
        </div>
      )}
      <Sheet visible={editing !== null} bodyClassName="sheet sheet--form" destroyOnClose onMaskClick={() => setEditing(null)}>
        {editing && siteId !== null && (
          <StandardForm
            siteId={siteId}
            month={month}
            row={editing}
            title={editing.staffId === null ? '站点默认标准' : `${editing.member?.username ?? ''}的标准`}
            onCancel={() => setEditing(null)}
            onDone={() => setEditing(null)}
          />
        )}
      </Sheet>
    </>
  );
}

/** What a user who may not see standards sees instead of the page. */
export function StandardsRefusal() {
  return <ErrorBlock className="state-block" status="default" title="无权编辑业绩标准" description="业绩标准仅由本站点主管设置" data-testid="standard-refused" />;
}
