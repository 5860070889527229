// 管理后台 (the admin console at /admin/): /seller/admin/…, for 系统管理员 only
export const adminStaffList = '/seller/admin/staff/list';
export const adminSiteList = '/seller/admin/site/list';
export const adminStaffCreate = '/seller/admin/staff/create';
export const adminStaffResetPassword = '/seller/admin/staff/reset-password';
