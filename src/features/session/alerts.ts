'use client';
// An optional soft chime and a browser notification when a timer or pomodoro
// phase ends, so nobody has to watch the clock. The choice (off by default) and the permission
// are ./alerts-setting; the sound and the notification are here, loaded after the page
// (./SessionLater).

/** A short, soft two-note chime made on the spot (no sound file to download). */
export function playChime() {
  try {
    const AudioCtx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioCtx) return;
    const context = new AudioCtx();
    const notes = [660, 880];
    notes.forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = context.currentTime + index * 0.22;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.03);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.55);
    });
    setTimeout(() => void context.close(), 1500);
  } catch {
    // No audio: the on-screen notice is still there.
  }
}

/** The clock's cue before the end (./ClockExtras): one note, softer and lower than the chime. */
export function playCue() {
  try {
    const AudioCtx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioCtx) return;
    const context = new AudioCtx();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = context.currentTime;
    oscillator.type = 'sine';
    oscillator.frequency.value = 523;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.08, at + 0.05);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.8);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.85);
    setTimeout(() => void context.close(), 1500);
  } catch {
    // No audio: the note under the clock is still there.
  }
}

export function notify(body: string) {
  try {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    new Notification('Onething', { body, tag: 'onething-session' });
  } catch {
    // Some browsers only allow notifications from a service worker: the chime and dialog remain.
  }
}
