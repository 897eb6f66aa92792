export const CHIME_SRC = '/sfx/chime.wav';

type Playable = { currentTime: number; play: () => Promise<void> | undefined };

/**
 * SPEC.md section 9: a sound on each notification, restarting from the start. One element,
 * made on first use; a refused play (no user gesture yet, autoplay policy) stays silent.
 */
export function createChime(make: () => Playable): () => void {
  let audio: Playable | null = null;
  return () => {
    audio ??= make();
    audio.currentTime = 0;
    audio.play()?.catch(() => {});
  };
}

export const playChime = createChime(() => new Audio(CHIME_SRC));
