import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getReminderPreferences, saveReminderPreferences } from '../../../../contract/api/reminders'
import type { ReminderPreferences } from '../../../../contract/reminders'
import { call } from '../../../api/call'

/** The holder's reminder channels: a small read with no offline life (the persisted Query cache). */
export const reminderKeys = {
  preferences: ['reminder-preferences'] as const,
}

export const reminderPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: reminderKeys.preferences,
    queryFn: () => call(getReminderPreferences),
  })

export const useReminderPreferences = () => useQuery(reminderPreferencesQueryOptions())

/** Saves both switches (the server stores them as sent); the screen shows the saved answer. */
export function useSaveReminderPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (preferences: ReminderPreferences) =>
      call(saveReminderPreferences, { body: preferences }),
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.preferences, saved),
  })
}
