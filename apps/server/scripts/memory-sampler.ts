/** The memory probe of `npm run export:memory` and `npm run import:memory`. */

export const MB = 1024 * 1024;

export interface MemoryPeaks {
  /** RSS and heap when sampling began, after a garbage collection when --expose-gc is on. */
  base: NodeJS.MemoryUsage;
  peakRss: number;
  peakHeap: number;
}

/** Samples the process's RSS and heap every 20 ms until the returned function is called. */
export function sampleMemory(): () => MemoryPeaks {
  global.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  return () => {
    clearInterval(sampler);
    return { base, peakRss, peakHeap };
  };
}
