// 管理后台 (the admin console at /admin/): /seller/admin/…, for 系统管理员 only
export const adminStaffList = '/seller/admin/staff/list';
export const adminSiteList = '/seller/admin/site/list';
export const adminSiteCreate = '/seller/admin/site/create';
export const adminSiteUpdate = '/seller/admin/site/update';
export const adminSiteMove = '/seller/admin/site/move';
export const adminSiteArchive = '/seller/admin/site/archive';
export const adminSiteRestore = '/seller/admin/site/restore';
export const adminStaffCreate = '/seller/admin/staff/create';
export const adminStaffResetPassword = '/seller/admin/staff/reset-password';
export const adminAuditList = '/seller/admin/audit/list';
export const adminStaffImportTemplate = '/seller/admin/staff/import/template';
export const adminStaffImportPreview = '/seller/admin/staff/import/preview';
export const adminStaffImportApply = '/seller/admin/staff/import/apply';
export const adminStaffUpdate = '/seller/admin/staff/update';
export const adminStaffDeactivate = '/seller/admin/staff/deactivate';
export const adminStaffReactivate = '/seller/admin/staff/reactivate';
export const adminStaffHandover = '/seller/admin/staff/handover';
