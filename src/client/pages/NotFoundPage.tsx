// The catch-all 404 page (spec §8).
import { MissingPage } from '../components/MissingPage';

export function NotFoundPage() {
  return <MissingPage />;
}
