import type { MemberDetail } from '@sales/contract';
import { Avatar } from 'antd-mobile';
import { Figure } from '../../../components/figure';
import { PhoneLink } from '../../../components/phone-link';
import { formatDate } from '../../../lib/format';
import { MemberPhone, RoleTag } from './member-list-view';

/** A member's header card: name, role, contact (a call button when the number is shown whole), site and customers. */
export function MemberHeader({ member, onCustomers }: { member: MemberDetail; onCustomers?: () => void }) {
  return (
    <section className="staff-card" data-testid="member-card">
      <div className="staff-card__head">
        <Avatar src={member.avatar ?? ''} style={{ '--size': '52px', '--border-radius': '50%' }} />
        <div className="staff-card__who">
          <div className="staff-card__name">
            <span data-testid="member-detail-name">{member.username}</span>
            <RoleTag isLeader={member.isLeader} />
          </div>
          <MemberPhone member={member} testId="member-detail-phone" />
        </div>
        {member.full && <PhoneLink phone={member.phone} button />}
      </div>
      <div className="figures">
        <Figure label="站点">{member.siteName}</Figure>
        <Figure label="客户数" testId="member-customer-count">
          {onCustomers && member.customerCount !== null ? (
            <button type="button" className="link-button" onClick={onCustomers}>
              {member.customerCount}
            </button>
          ) : (
            (member.customerCount ?? '—')
          )}
        </Figure>
        <Figure label="加入">{formatDate(member.joinedAt)}</Figure>
      </div>
    </section>
  );
}
