// Words and labels of the Analytics dialog: the summary sentences (spec §2) and the axis labels, pure and tested.
import type { ShopAnalytics } from '@shared/api/analytics';
import type { OrderStatus } from '@shared/domain/order-status';

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** 0 Sunday … 6 Saturday -> 'Sun' … 'Sat'. */
export function weekdayName(weekday: number): string {
  return weekdayNames[weekday] ?? '';
}

/** A calendar date 'YYYY-MM-DD' as 'Mon 17 Nov': read as a date, so no time zone can move it. */
export function dayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${weekdayName(weekday)} ${day} ${monthNames[month - 1]}`;
}

/** 7 -> '07:00'. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

export function statusLabel(status: OrderStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** A growth figure as shown beside a card: '+12.5%', '-3%', '0%'. */
export function growthLabel(growth: number): string {
  return `${growth > 0 ? '+' : ''}${growth}%`;
}

/**
 * Whether a card says 'New' rather than its growth (issue 32): the period before had nothing, so a percentage means
 * nothing, and this one has something. Nothing in either period is '0% vs previous period', as usual.
 */
export function isNewFigure(current: number, previous: number): boolean {
  return previous === 0 && current > 0;
}

/** 1 -> '1 order', 2 -> '2 orders'. */
export function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-ZA')} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * The summary under the cards (spec §2): orders and revenue of the period, unique customers and the average
 * order, and — only when it is not zero — whether revenue went up or down against the period before.
 */
export function summarySentences(data: ShopAnalytics): string[] {
  const days = data.periodDays;
  const sentences = [
    `Your shop received ${plural(data.totalOrders, 'order')} in the last ${days} days, bringing in R${data.totalRevenue} in revenue.`,
    `You served ${plural(data.uniqueCustomers, 'unique customer')} with an average order value of R${data.avgOrderValue}.`,
  ];
  if (data.revenueGrowth !== 0) {
    sentences.push(
      `Revenue is ${data.revenueGrowth > 0 ? 'up' : 'down'} ${Math.abs(data.revenueGrowth)}% compared with the previous ${days} days.`,
    );
  }
  return sentences;
}

/** '34 % of milk choices · 12 cups': an option's share of the cups that offered its group (issue 25). */
export function optionShareText(option: ShopAnalytics['topOptions'][number]): string {
  return `${Math.round(option.share * 100)} % of ${option.group.toLowerCase()} choices · ${plural(option.count, 'cup')}`;
}
