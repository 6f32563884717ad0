import { WRITER_MESSAGES, type QueueEvent } from '@ai-tools/contracts';
import { queuedText } from '../lib/estimates.ts';

interface WriterStreamNoteProps {
  /** The request's place in line while it waits, else null. */
  queue: QueueEvent | null;
  /** The visitor stopped the last generation. */
  stopped: boolean;
}

/**
 * A writer's line under its buttons: the place in line while the request waits ("2 requests ahead
 * of you, about 40 s"), or that the visitor stopped the generation. The live region stays in the
 * page, so a screen reader hears each change once, politely, and never the streamed text itself.
 */
export function WriterStreamNote({ queue, stopped }: WriterStreamNoteProps) {
  const text = queue ? queuedText(queue) : stopped ? WRITER_MESSAGES.stopped : '';
  return (
    <p className="tool-hint writer-stream-note" role="status" aria-live="polite">
      {text}
    </p>
  );
}
