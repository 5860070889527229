/**
 * Whether a standard applies (any target above 0). Without one, pages show 未设标准 and no 目标:
 * the server gives a leader of the site no target (docs/decisions.md, "Whom a standard applies to").
 */
export const hasTargets = (target: { targetAmount: number; targetOrders: number; targetNewCustomers: number }): boolean =>
  target.targetAmount > 0 || target.targetOrders > 0 || target.targetNewCustomers > 0;
