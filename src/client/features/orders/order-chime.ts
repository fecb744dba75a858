// The new-order chime (issue 30): two short rising tones made with the Web Audio API, so there is no sound file to
// download. Browsers let a page make sound only once the person has interacted with it (the autoplay rule), so the
// first click or key press anywhere on the page arms it. Module state: one audio context per loaded page, shared by
// the dashboard and the board, so going from one to the other keeps sounds armed.
import { useSyncExternalStore } from 'react';

let context: AudioContext | null = null;
/** When sounds were armed (ms since the epoch); null until then. */
let armedAt: number | null = null;
let listening = false;
const listeners = new Set<() => void>();

function audioContextClass(): typeof AudioContext | undefined {
  return window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
}

function arm() {
  if (armedAt !== null) return;
  const AudioContextClass = audioContextClass();
  if (!AudioContextClass) return; // no Web Audio: the page stays silent and keeps saying so
  try {
    context ??= new AudioContextClass();
    void context.resume();
  } catch {
    return;
  }
  armedAt = Date.now();
  for (const listener of listeners) listener();
}

/** Arms sounds at the first click or key press on the page. Safe to call from several components: it listens once. */
export function armOnFirstGesture() {
  if (armedAt !== null || listening) return;
  // Not navigator.userActivation.hasBeenActive: it also counts what the page never saw as a click (test drivers'
  // scripts, for one), and an AudioContext made before a real gesture only warns and stays suspended.
  listening = true;
  const onGesture = () => {
    arm();
    if (armedAt === null) return;
    listening = false;
    window.removeEventListener('click', onGesture, true);
    window.removeEventListener('keydown', onGesture, true);
  };
  // click and keydown, not pointerdown: a touch's pointerdown is not yet the user activation browsers require.
  window.addEventListener('click', onGesture, true);
  window.addEventListener('keydown', onGesture, true);
}

/** When sounds were armed, or null while the page still waits for its first click. */
export function useSoundsArmedAt(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => armedAt,
  );
}

const TONES_HZ = [880, 1318.5]; // A5 then E6: bright enough to carry over a grinder
const TONE_SECONDS = 0.32;
const TONE_GAP_SECONDS = 0.16;
const VOLUME = 0.5;

/** Plays the chime; false when sounds are not armed (nothing is played). */
export function playChime(): boolean {
  if (!context || armedAt === null) return false;
  if (context.state === 'suspended') void context.resume();
  const start = context.currentTime + 0.02;
  TONES_HZ.forEach((frequency, index) => {
    const at = start + index * TONE_GAP_SECONDS;
    const oscillator = context!.createOscillator();
    const gain = context!.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    // A quick rise and an exponential fall: a bell, not a click.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(VOLUME, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + TONE_SECONDS);
    oscillator.connect(gain).connect(context!.destination);
    oscillator.start(at);
    oscillator.stop(at + TONE_SECONDS + 0.02);
  });
  return true;
}
