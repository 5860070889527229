/**
 * The call paths (POST, JSON body with siteId). They sit under /seller/fenghe/staff/ so the web
 * request layer adds the current siteId (SPEC §7).
 */
export const PERFORMANCE_PATHS = {
  sites: '/seller/fenghe/staff/performance/sites',
  person: '/seller/fenghe/staff/performance/person',
  site: '/seller/fenghe/staff/performance/site',
  details: '/seller/fenghe/staff/performance/details',
  ranking: '/seller/fenghe/staff/performance/ranking',
  home: '/seller/fenghe/staff/performance/home',
  search: '/seller/fenghe/staff/performance/search',
  standards: '/seller/fenghe/staff/performance/standard',
  standardUpdate: '/seller/fenghe/staff/performance/standard/update',
  standardHistory: '/seller/fenghe/staff/performance/standard/history',
  attendanceToday: '/seller/fenghe/staff/attendance/today',
  clockIn: '/seller/fenghe/staff/attendance/clock-in',
  clockOut: '/seller/fenghe/staff/attendance/clock-out',
  attendanceDay: '/seller/fenghe/staff/attendance/day',
  attendanceMonth: '/seller/fenghe/staff/attendance/month',
  members: '/seller/fenghe/staff/member/list',
  memberDetail: '/seller/fenghe/staff/member/detail',
} as const;
