import { routeUrl } from '../../config/paths';
import { nav } from '../../lib/navigation';
import { NavBar } from '../shell/nav-bar';
import { WeeklyReportContent } from './weekly-report';

/** 周报 'index copy': the weekly tab's content under its own nav bar, with 历史 at the right. */
export default function WeeklyReportCopyPage() {
  return (
    <>
      <NavBar
        title="周报"
        back={false}
        right={
          <button type="button" className="link-button" onClick={() => nav.navigateTo(routeUrl('historyWeekly'))}>
            历史
          </button>
        }
      />
      <WeeklyReportContent route="weeklyReportCopy" />
    </>
  );
}
