// The 'Add a special day' form's state: closed all day unless the owner says it opens, and then its hours must be
// given (issue 32: switching to open once saved 09:00–17:00 that nobody had chosen).
import type { SpecialDayBody } from '@shared/api/hours';
import { type OpeningTimesProblem, openingTimesProblem, parseTime24 } from './time-24h';

export interface SpecialDayDraft {
  date: string;
  isClosed: boolean;
  /** As typed; empty until the owner gives them. */
  openTime: string;
  closeTime: string;
  note: string;
}

export const emptySpecialDay: SpecialDayDraft = {
  date: '',
  isClosed: true,
  openTime: '',
  closeTime: '',
  note: '',
};

/** What stops the draft's hours from being saved, or null: a closed day needs none. */
export function specialDayTimesProblem(draft: SpecialDayDraft): OpeningTimesProblem | null {
  return draft.isClosed ? null : openingTimesProblem(draft.openTime, draft.closeTime);
}

export function specialDayBody(shopId: number, draft: SpecialDayDraft): SpecialDayBody {
  return {
    shopId,
    date: draft.date,
    isClosed: draft.isClosed,
    openTime: draft.isClosed ? null : parseTime24(draft.openTime),
    closeTime: draft.isClosed ? null : parseTime24(draft.closeTime),
    note: draft.note.trim() || null,
  };
}
