// When the open conversation's read mark goes to the server. The first after opening waits
// for things to settle; while messages stream in, the mark moves at most every few seconds:
// a busy channel open in a thousand browsers must not bring a thousand requests per message.
// Leaving (another conversation, the page hidden or closed) sends what was on screen at once.

export const READ_DELAY_MS = 600;
export const READ_EVERY_MS = 3000;

type Options = {
  /** Sends the mark; `leaving` asks for a request that outlives the page. */
  send: (seq: number, leaving: boolean) => void;
  /** Whether the reader can see the conversation now (the page is visible, scrolled to its end). */
  reading: () => boolean;
};

export function createReadMarker({ send, reading }: Options) {
  let newest = 0;
  let sent = 0;
  let sentAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (leaving = false) => {
    clearTimeout(timer);
    timer = undefined;
    if (newest <= sent || !reading()) return;
    sent = newest;
    sentAt = Date.now();
    send(newest, leaving);
  };

  return {
    /** The newest message on screen is now `seq`. */
    seen(seq: number) {
      newest = Math.max(newest, seq);
      if (newest <= sent || timer) return;
      const wait = Math.max(READ_DELAY_MS, sentAt + READ_EVERY_MS - Date.now());
      timer = setTimeout(() => flush(), wait);
    },
    flush,
    dispose() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
