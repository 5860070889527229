// The seller platform's order push: /seller/integration/
export const integrationOrders = '/seller/integration/orders';
// The platform's organisation and customers, upserted by its external ids (issue 27 §1)
export const integrationSites = '/seller/integration/sites';
export const integrationStaff = '/seller/integration/staff';
export const integrationCustomers = '/seller/integration/customers';
