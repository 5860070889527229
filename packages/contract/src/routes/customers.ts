// Customers, orders, follow-ups and exports of a site: /seller/fenghe/staff/
export const customerList = '/seller/fenghe/staff/customer/list';
export const customerDetail = '/seller/fenghe/staff/customer/detail';
export const customerOrders = '/seller/fenghe/staff/customer/orders';
export const customerBindings = '/seller/fenghe/staff/customer/bindings';
export const customerBind = '/seller/fenghe/staff/customer/bind';
export const customerUnbind = '/seller/fenghe/staff/customer/unbind';
export const customerCreate = '/seller/fenghe/staff/customer/create';
export const customerClaim = '/seller/fenghe/staff/customer/claim';
export const customerQrResolve = '/seller/fenghe/staff/customer/qr/resolve';
export const customerPosition = '/seller/fenghe/staff/customer/position';
export const customerExport = '/seller/fenghe/staff/customer/export';
export const orderList = '/seller/fenghe/staff/order/list';
export const orderDetail = '/seller/fenghe/staff/order/detail';
export const orderExport = '/seller/fenghe/staff/order/export';
export const followUpList = '/seller/fenghe/staff/followup/list';
export const followUpCreate = '/seller/fenghe/staff/followup/create';
export const followUpDue = '/seller/fenghe/staff/followup/due';
// The 公海 pool of a site (issue 27 §2): customers with no owner.
export const poolList = '/seller/fenghe/staff/pool/list';
export const poolLastOwners = '/seller/fenghe/staff/pool/last-owners';
export const poolRules = '/seller/fenghe/staff/pool/rules';
export const poolClaim = '/seller/fenghe/staff/pool/claim';
export const poolRelease = '/seller/fenghe/staff/pool/release';
export const poolAssign = '/seller/fenghe/staff/pool/assign';
