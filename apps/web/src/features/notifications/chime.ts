/*
 * The short sound of a customer's message (issue #33 item 2), synthesised with Web Audio: two
 * soft sine notes, a fifth apart, about a third of a second in all. No audio file to load.
 */

let context: AudioContext | null = null;

const NOTES = [
  { frequency: 660, start: 0, length: 0.14 },
  { frequency: 990, start: 0.12, length: 0.2 },
];

/** Plays the chime; silently nothing when the browser has no Web Audio or refuses to play. */
export function playChime() {
  try {
    const AudioContextClass = window.AudioContext;
    if (!AudioContextClass) return;
    context ??= new AudioContextClass();
    const audio = context;
    // Browsers suspend audio until the page has had a user gesture; resume when allowed.
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const now = audio.currentTime;
    for (const note of NOTES) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = note.frequency;
      const begin = now + note.start;
      gain.gain.setValueAtTime(0.0001, begin);
      gain.gain.exponentialRampToValueAtTime(0.18, begin + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, begin + note.length);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(begin);
      oscillator.stop(begin + note.length + 0.02);
    }
  } catch {
    // A sound is a nicety: never let it break the notice.
  }
}
