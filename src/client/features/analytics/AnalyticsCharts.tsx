// The Analytics dialog's Recharts charts: Daily Revenue line, Order Status pie, Peak Hours bars (spec §2).
// Recharts is imported only here and reached only through AnalyticsDialog, so the dialog can be split off whole.
import type { ShopAnalytics } from '@shared/api/analytics';
import { orderStatuses } from '@shared/domain/order-status';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { dayLabel, hourLabel, statusLabel } from './analytics-text';

/**
 * Spec §9: the pie's colours cycle over 6, taken by each status's place in the status machine rather than by its
 * place among the statuses present, so a status keeps its colour when the period changes: waiting amber,
 * confirmed blue, preparing brown, ready purple, completed green, cancelled red.
 */
export const PIE_COLOURS = ['#d97706', '#3b82f6', '#8f5a38', '#a855f7', '#2f7d5b', '#e11d48'] as const;
const LEGEND_TEXT = '#3d2416';
const LINE_COLOUR = '#8f5a38';
const BAR_COLOUR = '#a97147';
const axis = { fontSize: 11, fill: '#72452d' };

const rand = (value: unknown) => `R${Number(value).toFixed(2)}`;

export function DailyRevenueChart({ days }: { days: ShopAnalytics['dailyRevenue'] }) {
  const data = days.map((day) => ({ label: dayLabel(day.date).slice(0, 6), revenue: Number(day.revenue) }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#f2e8dd" />
        <XAxis dataKey="label" tick={axis} interval="preserveStartEnd" />
        <YAxis tick={axis} width={48} allowDecimals={false} />
        <Tooltip formatter={(value) => [rand(value), 'Revenue']} />
        <Line type="monotone" dataKey="revenue" stroke={LINE_COLOUR} strokeWidth={2} dot={{ r: 3 }} />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function StatusBreakdownChart({ statuses }: { statuses: ShopAnalytics['statusBreakdown'] }) {
  const data = statuses.map((entry) => ({
    name: statusLabel(entry.status),
    value: entry.count,
    colour: PIE_COLOURS[orderStatuses.indexOf(entry.status) % PIE_COLOURS.length],
  }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" outerRadius="70%" isAnimationActive={false}>
          {data.map((entry) => (
            <Cell key={entry.name} fill={entry.colour} />
          ))}
        </Pie>
        <Tooltip />
        {/* In the status machine’s order, as the server lists them, not alphabetical (Recharts’ default); the
            text dark whatever the swatch, so a pale one stays readable. */}
        <Legend
          wrapperStyle={{ fontSize: 12 }}
          itemSorter={null}
          formatter={(value) => <span style={{ color: LEGEND_TEXT }}>{value}</span>}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}

export function PeakHoursChart({ hours }: { hours: ShopAnalytics['peakHours'] }) {
  const data = hours.map((entry) => ({ label: hourLabel(entry.hour), orders: entry.orders }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#f2e8dd" />
        <XAxis dataKey="label" tick={axis} />
        <YAxis tick={axis} allowDecimals={false} width={48} />
        <Tooltip formatter={(value) => [value, 'Orders']} />
        <Bar dataKey="orders" fill={BAR_COLOUR} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
