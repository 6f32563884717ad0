/**
 * The memory allocator the server runs with (ADR 046). glibc's malloc kept what the models' runs
 * freed in its per-thread arenas, fragmented: a Kokoro run that makes 7 s of speech peaked 500 MB
 * above the loaded model while its live tensors took about 120 MB, and the engines' threads each
 * kept their own. jemalloc gives that memory back, and with transparent huge pages it is as fast
 * (plain jemalloc, or glibc made to map each large block, cost half as much CPU time again: every
 * block came back as fresh 4 KB pages to fault in).
 *
 * A process picks its allocator as it starts, so its launchers set these: package.json's `start`,
 * deploy/ai-content-tools.service and the memory benchmarks. The library is Debian's libjemalloc2
 * (scripts/system-packages.txt).
 */
import { readFileSync } from 'node:fs';

export const ALLOCATOR_ENVIRONMENT = {
  LD_PRELOAD: 'libjemalloc.so.2',
  MALLOC_CONF: 'thp:always,metadata_thp:auto',
} as const;

/** Whether this process runs with jemalloc: its library is among the process's mappings. */
export function runsWithJemalloc(): boolean {
  try {
    return readFileSync('/proc/self/maps', 'utf8').includes('libjemalloc');
  } catch {
    // Not Linux: nothing to say.
    return true;
  }
}
