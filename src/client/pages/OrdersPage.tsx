// A customer's orders (/orders): active ones with a progress tracker, past ones with Order again.
import { PageShell } from '../components/PageShell';

export function OrdersPage() {
  // Built by its issue.
  return <PageShell>Orders</PageShell>;
}
