// Opening-hours hooks (spec §7 Menu and hours): weekly hours saved a day per call in parallel, and special days.
import type { BusinessHours, BusinessHoursBody, SpecialDay, SpecialDayBody } from '@shared/api/hours';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { comingPublicHolidays } from './public-holidays';

export const hoursKey = (shopId: number) => ['/api/business-hours', shopId] as const;
export const specialDaysKey = (shopId: number) => ['/api/special-hours', shopId] as const;

export function useBusinessHours(shopId: number | null) {
  return useQuery<BusinessHours[]>({ queryKey: hoursKey(shopId ?? 0), enabled: shopId !== null });
}

export function useSpecialDays(shopId: number | null) {
  return useQuery<SpecialDay[]>({ queryKey: specialDaysKey(shopId ?? 0), enabled: shopId !== null });
}

/** Hours decide openNow on every shop list, so those lists are refreshed with the hours themselves. */
function refreshAfterHoursChange(queryClient: QueryClient, shopId: number) {
  for (const key of [hoursKey(shopId), specialDaysKey(shopId), ['/api/coffee-shops'], ['/api/my-shops']]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/** Spec §2: saving issues one call per day, in parallel; any failure fails the save. */
export function useSaveBusinessHours(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: BusinessHoursBody[]) =>
      Promise.all(days.map((day) => apiRequest<BusinessHours>('POST', '/api/business-hours', day))),
    onSettled: () => refreshAfterHoursChange(queryClient, shopId),
  });
}

export function useSaveSpecialDay(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SpecialDayBody) => apiRequest<SpecialDay>('POST', '/api/special-hours', body),
    onSettled: () => refreshAfterHoursChange(queryClient, shopId),
  });
}

export function useDeleteSpecialDay(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/special-hours/${id}`),
    onSettled: () => refreshAfterHoursChange(queryClient, shopId),
  });
}

/** South Africa's coming public holidays; the holidays library is loaded only when an owner opens this. */
export function useComingPublicHolidays(today: string) {
  return useQuery({
    queryKey: ['public-holidays', 'ZA', today],
    queryFn: () => comingPublicHolidays(today),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
