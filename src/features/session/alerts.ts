'use client';
// An optional soft chime and a browser notification when a timer or pomodoro
// phase ends, so nobody has to watch the clock. The choice (off by default) and the permission
// are ./alerts-setting; the sound and the notification are here.

type Note = { frequency: number; start: number; peak: number; length: number };

/** Soft sine notes made on the spot (no sound file to download); nothing where there is no audio. */
function playNotes(notes: Note[]) {
  try {
    const AudioCtx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioCtx) return;
    const context = new AudioCtx();
    for (const { frequency, start, peak, length } of notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = context.currentTime + start;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(peak, at + 0.04);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + length + 0.05);
    }
    setTimeout(() => void context.close(), 1500);
  } catch {
    // No audio: the notice on screen is still there.
  }
}

/** A short, soft two-note chime at a phase end. */
export function playChime() {
  playNotes([
    { frequency: 660, start: 0, peak: 0.18, length: 0.5 },
    { frequency: 880, start: 0.22, peak: 0.18, length: 0.5 },
  ]);
}

/** The clock's cue before the end (./ClockExtras): one note, softer and lower than the chime. */
export function playCue() {
  playNotes([{ frequency: 523, start: 0, peak: 0.08, length: 0.8 }]);
}

export function notify(body: string) {
  try {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    new Notification('Onething', { body, tag: 'onething-session' });
  } catch {
    // Some browsers only allow notifications from a service worker: the chime and dialog remain.
  }
}
