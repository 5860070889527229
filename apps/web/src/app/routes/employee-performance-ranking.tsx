import { RankingView } from '../../features/performance/components/ranking-view';

/** 员工业绩排行 */
export default function EmployeePerformanceRankingPage() {
  return <RankingView />;
}
