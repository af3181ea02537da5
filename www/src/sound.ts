// Move sounds, made with the Web Audio API (no sound file to download or cache): a short
// knock for a move, a sharper one for a capture, a higher one for a check, a chord at the end
// of a game. Muted by the header's switch, remembered in localStorage. The last sound played
// is on `document.body.dataset.sound` (the tests read it; nothing else does).

export type SoundKind = 'move' | 'capture' | 'check' | 'end';

const STORAGE_KEY = 'rocada.muted';

let context: AudioContext | null = null;

export function isMuted(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function setMuted(muted: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, muted ? '1' : '0');
  } catch {
    // Storage refused (private mode): the switch still works for this visit.
  }
  document.body.dataset.muted = String(muted);
}

/** Frequencies (Hz) and length (s) of each sound's tones. */
const TONES: Record<SoundKind, { hz: number[]; s: number }> = {
  move: { hz: [220], s: 0.07 },
  capture: { hz: [180, 360], s: 0.1 },
  check: { hz: [520], s: 0.12 },
  end: { hz: [392, 494, 587], s: 0.35 },
};

/**
 * Makes the audio context now (about 60 ms on the main thread in Chromium), at a moment the
 * page chose: the click that starts a game, not the first move, which may land while the
 * engine thinks and the page must stay smooth.
 */
export function prepareSound(): void {
  if (isMuted() || context || !window.AudioContext) return;
  try {
    context = new AudioContext();
  } catch {
    // No audio output.
  }
}

export function playSound(kind: SoundKind): void {
  if (isMuted() || document.body.dataset.muted === 'true') return;
  document.body.dataset.sound = kind;
  const Ctor = window.AudioContext;
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    const now = context.currentTime;
    const { hz, s } = TONES[kind];
    for (const f of hz) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'triangle';
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.18 / hz.length, now);
      gain.gain.exponentialRampToValueAtTime(0.001, now + s);
      osc.connect(gain).connect(context.destination);
      osc.start(now);
      osc.stop(now + s);
    }
  } catch {
    // No audio output (a page without a user gesture yet, a browser without Web Audio).
  }
}
