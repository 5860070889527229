import type { Visit } from '@sales/contract';
import { Button, Tag } from 'antd-mobile';
import { formatDateTime } from '../../../lib/format';
import { CheckInBadge } from './check-in-badge';
import { PhotoGallery } from '../../../components/photo-gallery';

/** How far from the customer's position the check-in was, or why that is not known. */
function distanceLine(visit: Visit): string {
  const { distance, deviated } = visit.checkIn;
  if (distance === null) return '客户未设置位置，未判断是否偏离';
  return deviated ? `距客户位置 ${distance} 米，超出范围` : `距客户位置 ${distance} 米`;
}

/**
 * A 拜访 opened from 团队考勤 → 拜访: who, when, the follow-up's content and photos, and its check-in
 * (time, ±accuracy, 位置偏离, photo, distance); 查看客户 goes on to the customer's 跟进记录.
 */
export function VisitDetail({ visit, memberName, onOpenCustomer, onClose }: { visit: Visit; memberName: string; onOpenCustomer(): void; onClose(): void }) {
  return (
    <div className="visit-detail" data-testid="visit-detail">
      <div className="sheet__title">拜访详情</div>
      <div className="visit-detail__body">
        <div className="visit-detail__head">
          <Tag color="primary" fill="outline">
            {visit.type}
          </Tag>
          <span className="visit-detail__who">{memberName}</span>
          <span className="muted">{formatDateTime(visit.checkIn.at)}</span>
        </div>
        <div className="visit-detail__customer" data-testid="visit-detail-customer">
          {visit.customer.name}
        </div>
        <p className="visit-detail__content" data-testid="visit-detail-content">
          {visit.content}
        </p>
        <PhotoGallery images={visit.images} className="visit-detail__images" testId="visit-detail-images" />
        <CheckInBadge checkIn={visit.checkIn} showDeviation />
        <p className="muted visit-detail__distance" data-testid="visit-detail-distance">
          {distanceLine(visit)}
        </p>
      </div>
      <div className="visit-detail__actions">
        <Button block fill="outline" onClick={onClose}>
          关闭
        </Button>
        <Button block color="primary" onClick={onOpenCustomer} data-testid="visit-detail-customer-link">
          查看客户
        </Button>
      </div>
    </div>
  );
}
