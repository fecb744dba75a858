// The Analytics dialog's Recharts charts: Daily Revenue line, Order Status pie, Peak Hours bars (spec §2).
// Recharts is imported only here and reached only through AnalyticsDialog, so the dialog can be split off whole.
import type { ShopAnalytics } from '@shared/api/analytics';
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

/** Spec §9: the pie's colours cycle over 6. */
export const PIE_COLOURS = ['#8f5a38', '#2f7d5b', '#d2b08d', '#3b82f6', '#e11d48', '#a855f7'] as const;
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
  const data = statuses.map((entry) => ({ name: statusLabel(entry.status), value: entry.count }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" outerRadius="70%" isAnimationActive={false}>
          {data.map((entry, index) => (
            <Cell key={entry.name} fill={PIE_COLOURS[index % PIE_COLOURS.length]} />
          ))}
        </Pie>
        <Tooltip />
        {/* In the status machine’s order, as the server lists them, not alphabetical (Recharts’ default). */}
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
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
