import { ClockCard } from '../../features/attendance/components/clock-card';
import { TeamAttendanceView } from '../../features/attendance/components/team-attendance-view';
import { useSession } from '../../features/auth/session-store';
import { VisitsDay } from '../../features/visits/components/visits-day';

/** 团队考勤: the user's own 上班打卡 / 下班打卡, then the site's day (打卡 and 拜访) and month (leaders) or their own month. */
export default function TeamAttendancePage() {
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  const userId = useSession((state) => state.userId);
  return (
    <>
      <ClockCard />
      <TeamAttendanceView isLeader={isLeader} userId={userId} visitsOf={(date) => <VisitsDay date={date} />} />
    </>
  );
}
