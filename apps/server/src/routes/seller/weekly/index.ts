import { reportRoutes } from '../report-routes.js';

/** /seller/weekly/staff/: 周报 (before/create keeps the path SPEC §7 names). */
export default reportRoutes('weekly');
