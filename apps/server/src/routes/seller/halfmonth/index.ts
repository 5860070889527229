import { reportRoutes } from '../report-routes.js';

/** /seller/halfmonth/staff/: 半月报, the same calls as the weekly ones. */
export default reportRoutes('halfMonth');
