// The seller platform's order push: /seller/integration/
export const integrationOrders = '/seller/integration/orders';
