// The Analytics dialog's words: summary sentences with growth only when non-zero, and zone-proof labels.
import type { ShopAnalytics } from '@shared/api/analytics';
import { describe, expect, test } from 'vitest';
import {
  dayLabel,
  growthLabel,
  hourLabel,
  isNewFigure,
  optionShareText,
  summarySentences,
} from './analytics-text';

const figures = (overrides: Partial<ShopAnalytics>): ShopAnalytics => ({
  periodDays: 30,
  loyalty: null,
  totalRevenue: '170.00',
  revenueGrowth: 0,
  totalOrders: 4,
  ordersGrowth: 0,
  previousOrders: 2,
  previousRevenue: '50.00',
  uniqueCustomers: 1,
  avgOrderValue: '56.67',
  dailyRevenue: [],
  statusBreakdown: [],
  peakHours: [],
  topItems: [],
  topOptions: [],
  totalMessages: 0,
  menuItems: 0,
  lastWeekRevenue: '0.00',
  rating: '0.0',
  repeatCustomers: 0,
  medianMinutesToReady: null,
  heatmap: [],
  promotion: null,
  ...overrides,
});

describe('summary sentences', () => {
  test('say orders, revenue, customers and the average, and nothing about growth when it is zero', () => {
    expect(summarySentences(figures({}))).toEqual([
      'Your shop received 4 orders in the last 30 days, bringing in R170.00 in revenue.',
      'You served 1 unique customer with an average order value of R56.67.',
    ]);
  });

  test('say revenue is up or down by the percentage, against the same number of days', () => {
    expect(summarySentences(figures({ revenueGrowth: 240, periodDays: 7 }))[2]).toBe(
      'Revenue is up 240% compared with the previous 7 days.',
    );
    expect(summarySentences(figures({ revenueGrowth: -88.9 }))[2]).toBe(
      'Revenue is down 88.9% compared with the previous 30 days.',
    );
  });
});

describe('labels', () => {
  test('a calendar date keeps its day whatever the browser’s zone, and hours and growth read plainly', () => {
    expect(dayLabel('2026-11-23')).toBe('Mon 23 Nov');
    expect(dayLabel('2026-03-01')).toBe('Sun 1 Mar');
    expect(hourLabel(7)).toBe('07:00');
    expect(growthLabel(12.5)).toBe('+12.5%');
    expect(growthLabel(-3)).toBe('-3%');
    expect(growthLabel(0)).toBe('0%');
  });
});

test("a figure is 'New' only when the period before had nothing and this one has something", () => {
  expect(isNewFigure(3, 0)).toBe(true);
  expect(isNewFigure(0.5, 0)).toBe(true);
  // Nothing then and nothing now: the usual '0% vs previous period', not 'New'.
  expect(isNewFigure(0, 0)).toBe(false);
  expect(isNewFigure(3, 2)).toBe(false);
  expect(isNewFigure(0, 2)).toBe(false);
});

test('an option reads as its share of its group’s choices, in whole percent, and its cups', () => {
  expect(optionShareText({ group: 'Milk', name: 'Oat milk', count: 34, share: 0.3427 })).toBe(
    '34 % of milk choices · 34 cups',
  );
  expect(optionShareText({ group: 'Size', name: 'Large', count: 1, share: 1 })).toBe(
    '100 % of size choices · 1 cup',
  );
});
