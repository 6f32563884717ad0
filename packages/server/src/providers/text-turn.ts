/**
 * A writer's turn (TextGenerator.inTurn) runs several generations under the turn's own visitor,
 * tool and line; each generation stops with the turn or on its own signal.
 */
import type { EngineRequestOptions, TextGenerationRequest } from './types.ts';

export function requestInTurn(
  request: TextGenerationRequest,
  turn: EngineRequestOptions,
): TextGenerationRequest {
  return {
    ...request,
    visitor: turn.visitor,
    tool: turn.tool,
    onQueuePosition: turn.onQueuePosition,
    signal: AbortSignal.any([turn.signal, request.signal].filter((signal) => signal !== undefined)),
  };
}
