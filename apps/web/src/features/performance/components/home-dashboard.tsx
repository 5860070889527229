import type { HomeDashboard } from '@sales/contract';
import { useState, type ReactNode } from 'react';
import { CardSkeleton, EmptyState, ErrorState } from '../../../components/list-states';
import { CompletionBarView } from '../../../components/completion-bar';
import { MoneyText } from '../../../components/money';
import { PhoneLink } from '../../../components/phone-link';
import { TapCard } from '../../../components/tap-card';
import { routeUrl } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { nav } from '../../../lib/navigation';
import { useSession } from '../../auth/session-store';
import { useHomeDashboard } from '../api/get-home-dashboard';
import { homeTopText, type HomeTopText, type SalesCardText } from '../home-top-text';
import { ChangePairView } from './change-pair';
import { PacingCard } from './pacing-card';
import { RankingList } from './ranking-list';
import { TrendChart } from './trend-chart';

/** 今日待联系 shows this many before 展开: the dashboard stays one short scroll. */
const TO_CONTACT_SHOWN = 5;

function SalesCardView({ title, text, previousLabel, testId }: { title: string; text: SalesCardText; previousLabel: string; testId: string }) {
  return (
    <section className="dash-card" data-testid={testId} aria-label={title}>
      <h2 className="dash-card__title">
        {title}
        <span className="muted dash-card__hint">环比{previousLabel}</span>
      </h2>
      <div className="dash-card__figures">
        <div className="dash-figure">
          <span className="dash-figure__label">销售额</span>
          <MoneyText text={text.amount} className="dash-figure__value" testId={`${testId}-amount`} />
          <ChangePairView previous={text.amountChange} />
        </div>
        <div className="dash-figure">
          <span className="dash-figure__label">订单数</span>
          <span className="dash-figure__value" data-testid={`${testId}-orders`}>
            {text.orders}
          </span>
          <ChangePairView previous={text.ordersChange} />
        </div>
      </div>
    </section>
  );
}

/**
 * The dashboard's first screen (今日, 本月, 本月标准完成) from its texts: the app renders it from
 * the answer, and the build renders it with placeholders for home's painter (app/prerender/home-markup.tsx).
 */
export function HomeTopView({ text, isLeader }: { text: HomeTopText; isLeader: boolean }) {
  return (
    <>
      <div className="dash-grid">
        <SalesCardView title="今日" text={text.today} previousLabel="昨日" testId="home-today" />
        <SalesCardView title="本月" text={text.month} previousLabel="上月同期" testId="home-month" />
      </div>

      <section className="dash-card" aria-label="本月业绩标准完成" data-testid="home-completion">
        <h2 className="dash-card__title">
          本月标准完成
          <span className="muted dash-card__hint" data-testid="home-target">
            {text.target ? (
              <>
                目标 <MoneyText text={text.target.amount} /> · {text.target.orders}单 · 新客户{text.target.newCustomers}位
              </>
            ) : (
              '未设标准'
            )}
          </span>
        </h2>
        <CompletionBarView label="销售额" look={text.completion.amount} testId="home-completion-amount" />
        <CompletionBarView label="订单数" look={text.completion.orders} testId="home-completion-orders" />
        <CompletionBarView label="新客户" look={text.completion.newCustomers} testId="home-completion-new-customers" />
        {isLeader && (
          <button type="button" className="link-button dash-card__action" onClick={() => nav.navigateTo(routeUrl('updateStandard'))} data-testid="home-edit-standard">
            编辑业绩标准
          </button>
        )}
      </section>
    </>
  );
}

function Dashboard({ data, toContactAction }: { data: HomeDashboard; toContactAction?: ReactNode }) {
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  const [showAll, setShowAll] = useState(false);
  return (
    <>
      <HomeTopView text={homeTopText(data)} isLeader={isLeader} />
      <PacingCard pacing={data.pacing} testId="home-pacing" />

      <section className="dash-card dash-card--flush" aria-label="近30天趋势">
        <h2 className="dash-card__title">近30天趋势</h2>
        <TrendChart label="近30天每日销售额与订单数" points={data.trend} testId="home-trend" />
      </section>

      <section className="dash-card dash-card--flush" aria-label="本月业绩排行前五">
        <h2 className="dash-card__title">
          本月排行 TOP5
          <button type="button" className="link-button" onClick={() => nav.navigateTo(routeUrl('employeePerformanceRanking'))} data-testid="home-ranking-more">
            查看全部
          </button>
        </h2>
        {data.top.length > 0 ? <RankingList entries={data.top} metric="orderAmount" testId="home-top-row" /> : <EmptyState title="本月暂无业绩" />}
      </section>

      <section className="dash-card dash-card--flush" aria-label="今日待联系" data-testid="home-to-contact">
        <h2 className="dash-card__title">
          今日待联系
          <span className="muted dash-card__hint">共 {data.toContactTotal} 位</span>
          {toContactAction}
        </h2>
        {data.toContact.length === 0 ? (
          <EmptyState title="今天没有待联系的客户" />
        ) : (
          (showAll ? data.toContact : data.toContact.slice(0, TO_CONTACT_SHOWN)).map((item) => (
            <TapCard key={item.followUpId} onTap={() => nav.navigateTo(routeUrl('customerDetails', { id: item.customer.id }))} label={`客户 ${item.customer.name}`} testId="home-to-contact-item">
              <div className="card__row">
                <span className="card__title">{item.customer.name}</span>
                <span className="muted">{formatDateTime(item.nextContactAt).slice(11)}</span>
              </div>
              <div className="card__row card__meta">
                <span>{item.customer.contactName}</span>
                <span>
                  <PhoneLink phone={item.customer.phone} />
                </span>
                {data.scope === 'site' && <span>负责人 {item.staff.username}</span>}
              </div>
              <div className="card__row card__meta">
                <span className="to-contact__content">
                  上次{item.type}：{item.content}
                </span>
              </div>
            </TapCard>
          ))
        )}
        {!showAll && data.toContact.length > TO_CONTACT_SHOWN && (
          <button type="button" className="link-button dash-card__more" onClick={() => setShowAll(true)} data-testid="home-to-contact-more">
            展开其余 {data.toContact.length - TO_CONTACT_SHOWN} 位
          </button>
        )}
        {showAll && data.toContactTotal > data.toContact.length && <p className="muted dash-card__note">仅列出最早的 {data.toContact.length} 位</p>}
      </section>
    </>
  );
}

/** The home dashboard of SCREENS.md: today and the month with 环比, completion, trend, top 5, who to contact today. */
export function HomeDashboardView({ toContactAction }: { toContactAction?: ReactNode } = {}) {
  const { data, isError, refetch } = useHomeDashboard();
  if (!data) {
    if (isError) return <ErrorState onRetry={() => void refetch()} />;
    return <CardSkeleton count={3} lines={3} />;
  }
  return <Dashboard data={data} toContactAction={toContactAction} />;
}
