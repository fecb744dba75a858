// Which kinds of news a user wants pushed (issue 27): GET and PUT /api/notification-preferences, for every device
// the user has turned notifications on.
import type { NotificationPreferences } from '@shared/api/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const PREFERENCES_KEY = ['/api/notification-preferences'] as const;

export function useNotificationPreferences() {
  return useQuery<NotificationPreferences>({ queryKey: PREFERENCES_KEY });
}

/** PUT the whole set; the switch moves at once and moves back if the server refuses. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest<NotificationPreferences>('PUT', '/api/notification-preferences', preferences),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
      const before = queryClient.getQueryData<NotificationPreferences>(PREFERENCES_KEY);
      queryClient.setQueryData(PREFERENCES_KEY, preferences);
      return { before };
    },
    onError: (_error, _preferences, context) => {
      if (context?.before) queryClient.setQueryData(PREFERENCES_KEY, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
