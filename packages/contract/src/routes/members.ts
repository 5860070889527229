// Members of a site: /seller/fenghe/staff/
export const staffList = '/seller/fenghe/staff/staff/list';
export const staffDetail = '/seller/fenghe/staff/staff/detail';
export const memberList = '/seller/fenghe/staff/member/list';
export const memberDetail = '/seller/fenghe/staff/member/detail';
