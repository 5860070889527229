// Attendance: /seller/fenghe/staff/attendance/
export const attendanceToday = '/seller/fenghe/staff/attendance/today';
export const attendanceClockIn = '/seller/fenghe/staff/attendance/clock-in';
export const attendanceClockOut = '/seller/fenghe/staff/attendance/clock-out';
export const attendanceDay = '/seller/fenghe/staff/attendance/day';
export const attendanceMonth = '/seller/fenghe/staff/attendance/month';
export const attendanceVisits = '/seller/fenghe/staff/attendance/visits';
