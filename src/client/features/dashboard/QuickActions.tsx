// The overview's Quick Actions: messages now; menu, hours and analytics stay disabled until they exist.
import { BarChart3, Clock, MessageCircle, UtensilsCrossed } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';

export function QuickActions() {
  return (
    <Card className="p-6">
      <h2 className="mb-4 font-display text-xl font-semibold">Quick Actions</h2>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button asChild variant="outline" className="justify-start">
          <Link href="/messages">
            <MessageCircle className="h-4 w-4" aria-hidden /> View All Messages
          </Link>
        </Button>
        {/* Disabled, not hidden: owners see what is coming without a button that does nothing. */}
        <Button variant="outline" className="justify-start" disabled title="Menu management is coming soon">
          <UtensilsCrossed className="h-4 w-4" aria-hidden /> Update Menu
        </Button>
        <Button variant="outline" className="justify-start" disabled title="Business hours are coming soon">
          <Clock className="h-4 w-4" aria-hidden /> Manage Hours
        </Button>
        <Button variant="outline" className="justify-start" disabled title="Analytics are coming soon">
          <BarChart3 className="h-4 w-4" aria-hidden /> View Analytics
        </Button>
      </div>
    </Card>
  );
}
