// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findRoute, isHomeRoute, ROUTES, routeUrl, safeRedirect, showsSiteBadge } from './paths';

describe('route table', () => {
  it('has every DESIGN §2 path with its title', () => {
    // DESIGN §2's 51, issue 18's 今日待办, 消息中心 and 消息通知, issue 19's 待发送 and issue 27's 公海客户 and 新建客户 (docs/decisions.md).
    expect(Object.values(ROUTES)).toHaveLength(57);
    expect(findRoute('/pages/details/customerPool')?.title).toBe('公海客户');
    expect(findRoute('/pages/details/newCustomer')?.title).toBe('新建客户');
    expect(findRoute('/pages/my/outbox')?.title).toBe('待发送');
    expect(findRoute('/pages/my/todo')?.title).toBe('今日待办');
    expect(findRoute('/pages/my/messageCenter')?.title).toBe('消息中心');
    expect(findRoute('/pages/my/noticeSettings')?.title).toBe('消息通知');
    expect(findRoute('/pages/order/index11')?.title).toBe('关于');
    expect(findRoute('/pages/weeklyReport/index%20copy')?.title).toBe('周报');
    expect(findRoute('/pages/details/privacyPolicy')?.title).toBe('');
    expect(findRoute('/')?.title).toBe('首页');
    expect(findRoute('/pages/nope')).toBeUndefined();
  });

  it('builds URLs with queries', () => {
    expect(routeUrl('enterCode', { phone: '13800000001', redirect: undefined })).toBe('/pages/login/enterCode?phone=13800000001');
  });

  it('hides the badge on home and weekly-report pages only', () => {
    expect(showsSiteBadge(ROUTES.entry)).toBe(false);
    expect(showsSiteBadge(ROUTES.home)).toBe(false);
    expect(showsSiteBadge(ROUTES.weeklyReport)).toBe(false);
    expect(showsSiteBadge(ROUTES.weeklyReportCopy)).toBe(false);
    expect(showsSiteBadge(ROUTES.weeklySalesperson)).toBe(false);
    expect(showsSiteBadge(ROUTES.my)).toBe(true);
    expect(showsSiteBadge(ROUTES.orderIndex)).toBe(true);
    expect(isHomeRoute(ROUTES.entry) && isHomeRoute(ROUTES.home) && !isHomeRoute(ROUTES.my)).toBe(true);
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/pages/my/setting', '/pages/my/setting'],
    ['/pages/details/orderList?status=paid&x=1', '/pages/details/orderList?status=paid&x=1'],
    ['/', '/'],
  ])('keeps the in-app path %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each(['https://evil.example/', '//evil.example/pages/my/index', '/\\evil.example', 'javascript:alert(1)', 'pages/my/index', '/pages/unknown', '/pages/login/index', '', null])(
    'refuses %s',
    (target) => {
      expect(safeRedirect(target)).toBeNull();
    },
  );

  // Forms a URL parser or a browser turns into another host or a script.
  it.each([
    '/\t/evil.example',
    '/\n/evil.example/pages/my/index',
    ' //evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '\\\\evil.example',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/pages/my/index@evil.example',
    'http:/evil.example',
  ])(
    'refuses %s',
    (target) => {
      expect(safeRedirect(target)).toBeNull();
    },
  );
});
