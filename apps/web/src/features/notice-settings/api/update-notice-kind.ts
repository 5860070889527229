import type { NoticeKind, NoticeSettings } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { noticeSettingsKey } from './get-notice-settings';

/** POST /seller/notice/settings/update: turns one kind on or off; answers the settings. */
export const updateNoticeKind = (noticeKind: NoticeKind, enabled: boolean) => call(ROUTES.noticeSettingsUpdate, { noticeKind, enabled });

/** A switch shows its new state at once; a refusal puts it back. */
export function useUpdateNoticeKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, enabled }: { kind: NoticeKind; enabled: boolean }) => updateNoticeKind(kind, enabled),
    onMutate: async ({ kind, enabled }) => {
      await queryClient.cancelQueries({ queryKey: noticeSettingsKey });
      const before = queryClient.getQueryData<NoticeSettings>(noticeSettingsKey);
      if (before) {
        queryClient.setQueryData<NoticeSettings>(noticeSettingsKey, { ...before, kinds: before.kinds.map((item) => (item.kind === kind ? { ...item, enabled } : item)) });
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(noticeSettingsKey, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(noticeSettingsKey, settings),
  });
}
