// How the usual (issue 29) names its lines: 'Flat White (Large · Oat milk) + Croissant', each line's options as the
// order cards show them, a quantity only where there is more than one.
import type { UsualLine } from '@shared/api/orders';
import { optionsLabel } from '@shared/domain/option-selection';

export function usualLineLabel(line: Pick<UsualLine, 'name' | 'quantity' | 'options'>): string {
  const options = optionsLabel(line.options);
  return `${line.quantity > 1 ? `${line.quantity} × ` : ''}${line.name}${options ? ` (${options})` : ''}`;
}

export function usualLabel(lines: readonly Pick<UsualLine, 'name' | 'quantity' | 'options'>[]): string {
  return lines.map(usualLineLabel).join(' + ');
}
