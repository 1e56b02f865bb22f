// Skippable pauses for the animations of committed moves. `sleep(ms)` waits, unless the batch
// is being skipped; `skip()` wakes every sleeper at once, and later sleeps resolve at once
// until `end()` (the batch is over). The pause decides nothing: the snapshot holds the result.

export function createPauses() {
  let skipping = false;
  const wakers = new Set();
  return {
    get skipping() {
      return skipping;
    },
    /** Wait `ms` (already scaled); resolves at once while skipping. */
    sleep(ms) {
      if (skipping || ms <= 0) return Promise.resolve();
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        wakers.add(wake);
      });
    },
    /** Finish the current batch at once: every sleeper wakes, and no new pause waits. */
    skip() {
      skipping = true;
      for (const wake of [...wakers]) wake();
    },
    /** The batch is over: pauses wait again. */
    end() {
      skipping = false;
    },
  };
}
