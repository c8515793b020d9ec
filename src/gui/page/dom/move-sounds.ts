/**
 * Move sounds, as lichess plays them: off by default, switched on by the "Move sounds"
 * switch and kept in localStorage. Each move added to the game (the person's, the
 * engine's, a puzzle's reply) plays a short tone made with the Web Audio API, a capture a
 * lower pair of tones; going through the game, taking back, a new or a loaded game play
 * none. No sound file: the tones are made here. While the switch is off nothing is made
 * (the AudioContext is created at the first sound).
 */
import type { Game } from '../game.js';

/** The localStorage key of the switch ('on' when on). */
const SOUND_KEY = 'tama.sound';
/** The tones of a step and of a capture, in Hz, one after the other. */
const STEP_TONES = [660];
const CAPTURE_TONES = [440, 330];
/** Each tone's length and its loudness at the start. */
const TONE_SECONDS = 0.09;
const TONE_GAIN = 0.2;

function readSwitch(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/** The page's move sounds. */
export class MoveSounds {
  private on = readSwitch();
  private context: AudioContext | undefined;
  private game: Game | undefined;
  private seen = 0;

  get enabled(): boolean {
    return this.on;
  }

  /** Switches the sounds on or off, for this visit and the next. */
  setEnabled(on: boolean): void {
    this.on = on;
    try {
      if (on) localStorage.setItem(SOUND_KEY, 'on');
      else localStorage.removeItem(SOUND_KEY);
    } catch {
      // No storage (a private window): the switch holds for this visit only.
    }
  }

  /** Shows the switch's state on `input` and follows its changes. */
  bindSwitch(input: HTMLInputElement): void {
    input.checked = this.on;
    input.addEventListener('change', () => this.setEnabled(input.checked));
  }

  /** Called after each change of the page: a move just added to the same game sounds. */
  follow(game: Game): void {
    const count = game.moves.length;
    const added = game === this.game && count === this.seen + 1;
    this.game = game;
    this.seen = count;
    if (added && this.on) this.play(game.moves[count - 1].captured.length > 0 ? CAPTURE_TONES : STEP_TONES); // prettier-ignore
  }

  private play(tones: readonly number[]): void {
    this.context ??= new AudioContext();
    const context = this.context;
    if (context.state === 'suspended') void context.resume().catch(() => {});
    tones.forEach((frequency, index) => {
      const start = context.currentTime + index * TONE_SECONDS;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'triangle';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(TONE_GAIN, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + TONE_SECONDS);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + TONE_SECONDS);
    });
  }
}
