import type { StaffSummary } from '@sales/contract';

/** Filter options for a 业务员/负责人 chip: every salesperson of the site, by name. */
export function staffFilterOptions(list: readonly StaffSummary[]): { value: string; label: string }[] {
  return list.map((staff) => ({ value: String(staff.id), label: staff.username }));
}

/** Staff whose name or phone contains the search text. */
export function searchStaff(list: readonly StaffSummary[], text: string): StaffSummary[] {
  const needle = text.trim();
  if (!needle) return [...list];
  return list.filter((staff) => staff.username.includes(needle) || staff.phone.includes(needle));
}
