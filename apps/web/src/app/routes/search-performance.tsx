import { PerformanceSearch } from '../../features/performance/components/performance-search';

/** 搜索 */
export default function SearchPerformancePage() {
  return <PerformanceSearch />;
}
