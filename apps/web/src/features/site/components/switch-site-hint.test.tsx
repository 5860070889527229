import type { UserInfo } from '@sales/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyState } from '../../../components/list-states';
import { useSession } from '../../auth/session-store';
import { useSwitchSiteHint } from './switch-site-hint';

const southRegion = { departmentId: 201, departmentName: '华南大区', isLeader: true, drawAuth: false };
const guangzhou = { departmentId: 202, departmentName: '广州一部', isLeader: true, drawAuth: false };

function signInWith(positionUsers: UserInfo['positionUsers']) {
  const userInfo: UserInfo = {
    id: 5,
    username: '王强',
    phone: '13800000005',
    avatar: null,
    positionUsers,
    reportAllSites: false,
    teamReportAuth: false,
    mustChangePassword: false,
    isAdmin: false,
  };
  useSession.setState({ token: 't', userId: 5, userInfo, currentSite: positionUsers[0] });
}

/** An empty 客户列表 as the customer browser draws it. */
function EmptyCustomers() {
  const otherSites = useSwitchSiteHint('客户');
  return <EmptyState title="暂无客户" hint={otherSites?.hint} action={otherSites?.action} />;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('an empty list of the current site', () => {
  it('says where the records of other sites are and opens the site switcher (a parent site’s leader, whose customers are on its child sites)', async () => {
    signInWith([southRegion, guangzhou]);
    render(<EmptyCustomers />);

    expect(screen.getByText('客户记在所属站点下，其他站点的客户请切换站点查看')).toBeTruthy();
    fireEvent.click(screen.getByTestId('empty-switch-site'));

    expect(await screen.findByText('切换当前站点')).toBeTruthy();
    expect(screen.getByText('广州一部')).toBeTruthy();
  });

  it('says nothing more to someone with a single site', () => {
    signInWith([southRegion]);
    render(<EmptyCustomers />);

    expect(screen.getByText('暂无客户')).toBeTruthy();
    expect(screen.queryByTestId('empty-switch-site')).toBeNull();
    expect(screen.queryByText(/切换站点查看/)).toBeNull();
  });
});
