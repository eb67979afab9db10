import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiPaths } from '../../../../contract/paths'
import {
  type ReminderPreferences,
  reminderPreferences,
  reminderPreferencesRequest,
} from '../../../../contract/reminders'
import { apiRequest, checked } from '../../../api/client'

/** The holder's reminder channels: a small read with no offline life (the persisted Query cache). */
export const reminderKeys = {
  preferences: ['reminder-preferences'] as const,
}

export const reminderPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: reminderKeys.preferences,
    queryFn: () => apiRequest(apiPaths.reminderPreferences, { schema: reminderPreferences }),
  })

export const useReminderPreferences = () => useQuery(reminderPreferencesQueryOptions())

/** Saves both switches (the server stores them as sent); the screen shows the saved answer. */
export function useSaveReminderPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (preferences: ReminderPreferences) =>
      apiRequest(apiPaths.reminderPreferences, {
        method: 'PUT',
        body: checked(reminderPreferencesRequest, preferences),
        schema: reminderPreferences,
      }),
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.preferences, saved),
  })
}
