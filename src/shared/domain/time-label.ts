// The conversation time label of spec §9: a time under 24 h, 'Yesterday' under 48 h, else month and day.
const HOUR = 60 * 60 * 1000;

export function conversationTimeLabel(at: Date | string, now: Date = new Date()): string {
  const date = new Date(at);
  const age = now.getTime() - date.getTime();
  if (age < 24 * HOUR) return date.toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit' });
  if (age < 48 * HOUR) return 'Yesterday';
  return date.toLocaleDateString('en-ZA', { month: 'short', day: 'numeric' });
}
