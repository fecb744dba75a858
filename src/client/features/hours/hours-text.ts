// How a day's hours read: '09:00 – 17:00' or 'Closed'.
export function hoursText(day: { isClosed: boolean; openTime: string | null; closeTime: string | null }) {
  return day.isClosed || !day.openTime || !day.closeTime ? 'Closed' : `${day.openTime} – ${day.closeTime}`;
}
