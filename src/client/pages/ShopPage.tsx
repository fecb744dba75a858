// The public shop page (/shops/{id}): details, hours, menu, reviews; ordering for customers.
import { PageShell } from '../components/PageShell';

export function ShopPage({ params }: { params: { id: string } }) {
  // Built by its issue.
  return <PageShell>{params.id}</PageShell>;
}
