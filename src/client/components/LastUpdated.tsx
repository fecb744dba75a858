// The 'Last updated: <today>' line at the top of every legal or marketing text (spec §2 Footer dialogs).
import { lastUpdatedDate } from './legal-details';

export function LastUpdated() {
  return <p className="text-xs font-medium text-espresso-500">Last updated: {lastUpdatedDate()}</p>;
}
