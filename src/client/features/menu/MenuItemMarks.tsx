// What a menu item is and holds: Sold out, vegan, gluten-free, preparation time, calories, allergens, and the
// option groups it is offered with.
import type { MenuItem } from '@shared/api/menu';
import { Clock, Leaf, WheatOff } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { groupsOf } from './item-options';

export function MenuItemMarks({ item }: { item: MenuItem }) {
  const groups = groupsOf(item);
  const hasFacts = !item.isAvailable || item.isVegan || item.isGlutenFree || item.preparationTime;
  return (
    <>
      {hasFacts && (
        <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
          {!item.isAvailable && <Badge tone="danger">Sold out</Badge>}
          {item.isVegan && (
            <Badge tone="success" title="Vegan">
              <Leaf className="mr-1 h-3 w-3" aria-hidden />
              Vegan
            </Badge>
          )}
          {item.isGlutenFree && (
            <Badge tone="info" title="Gluten-free">
              <WheatOff className="mr-1 h-3 w-3" aria-hidden />
              Gluten-free
            </Badge>
          )}
          {item.preparationTime && (
            <span className="inline-flex items-center gap-1 text-xs text-espresso-600">
              <Clock className="h-3 w-3" aria-hidden />
              {item.preparationTime}
            </span>
          )}
          {item.calories !== null && <span className="text-xs text-espresso-600">{item.calories} kcal</span>}
        </div>
      )}
      {item.allergens && (
        <p className="mt-1 text-xs text-espresso-700">
          <span className="font-semibold">Allergens:</span> {item.allergens.join(', ')}
        </p>
      )}
      {groups.length > 0 && (
        <p className="mt-1 text-xs text-espresso-700">
          <span className="font-semibold">Options:</span> {groups.map((group) => group.name).join(', ')}
        </p>
      )}
    </>
  );
}
