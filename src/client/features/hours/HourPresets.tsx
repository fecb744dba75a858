// The week's quick presets (spec §9), each button saying what it does to the other days as well (issue 32).
import { hourPresets } from '@shared/api/hours';
import type { HourPreset } from './week-form';

export function HourPresets({ onApply }: { onApply: (preset: HourPreset) => void }) {
  return (
    <div role="group" aria-labelledby="hour-presets" className="space-y-2">
      <p id="hour-presets" className="text-sm text-espresso-700">
        Quick presets
      </p>
      <div className="grid gap-2 sm:grid-cols-3">
        {hourPresets.map((preset) => (
          // Not the Button primitive: its one-line height and centring are what this two-line button must not have.
          <button
            key={preset.label}
            type="button"
            className="flex flex-col items-start gap-0.5 rounded-lg border border-espresso-300 bg-white px-3 py-2 text-left text-sm text-espresso-900 transition-colors hover:bg-espresso-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500 focus-visible:ring-offset-2"
            onClick={() => onApply(preset)}
          >
            <span className="font-semibold tabular-nums">{preset.label}</span>
            {/* The dash is for screen readers, which would otherwise run the two lines together. */}
            <span className="sr-only"> — </span>
            <span className="text-xs font-normal text-espresso-700">{preset.effect}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
