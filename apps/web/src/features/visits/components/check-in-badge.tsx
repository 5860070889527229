import type { CheckIn } from '@sales/contract';
import { Button, Image, Tag } from 'antd-mobile';
import { ImageViewer } from '../../../lib/antd-imperative';
import { formatDateTime } from '../../../lib/format';

/** A follow-up's 拜访签到: 已签到 with the server's time, ±accuracy, the photo; 位置偏离 N 米 when `showDeviation` (the page decides for whom). */
export function CheckInBadge({
  checkIn,
  showDeviation,
  onSetPosition,
}: {
  checkIn: CheckIn;
  showDeviation: boolean;
  /** 设为客户位置, offered while the customer has no position to the author (and leaders). */
  onSetPosition?: () => void;
}) {
  return (
    <div className="check-in-badge" data-testid="check-in-badge">
      <Tag color="success" fill="outline">
        已签到
      </Tag>
      <span className="check-in-badge__time" data-testid="check-in-time">
        {formatDateTime(checkIn.at).slice(5, 16)}
      </span>
      <span className="muted" data-testid="check-in-accuracy">
        ±{Math.round(checkIn.accuracy)} 米
      </span>
      {showDeviation && checkIn.deviated && checkIn.distance !== null && (
        <Tag color="danger" data-testid="check-in-deviated">
          位置偏离 {checkIn.distance} 米
        </Tag>
      )}
      {checkIn.photo && (
        <Image
          src={checkIn.photo}
          width={40}
          height={40}
          fit="cover"
          lazy
          style={{ borderRadius: 6 }}
          onClick={() => ImageViewer.show({ image: checkIn.photo ?? '' })}
          data-testid="check-in-badge-photo"
        />
      )}
      {onSetPosition && (
        <Button size="mini" fill="none" color="primary" onClick={onSetPosition} data-testid="check-in-set-position">
          设为客户位置
        </Button>
      )}
    </div>
  );
}
