/**
 * The crowds of bench/slow-clients.bench.ts in a process of their own (started with fork), so the
 * work of their thousands of sockets does not delay the visitor whose answers are timed. The first
 * message starts the crowds; the second stops them, and the answer is what each counted.
 */
import { startCrowd, type CrowdOptions } from '../test/helpers/slow-clients.ts';

process.once('message', (options: CrowdOptions[]) => {
  const crowds = options.map((each) => startCrowd(each));
  process.once('message', () => {
    const counts = crowds.map((crowd) => ({
      opened: crowd.opened(),
      closedByServer: crowd.closedByServer(),
    }));
    for (const crowd of crowds) crowd.stop();
    process.send!(counts, () => process.exit(0));
  });
});
