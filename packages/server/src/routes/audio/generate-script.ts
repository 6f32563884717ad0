import type { FastifyInstance } from 'fastify';
import { API_PATHS, videoScriptRequestSchema, type VideoScriptResponse } from '@ai-tools/contracts';
import { writeVideoScript } from '../../services/video-script.ts';
import { parseWith } from '../../plugins/validation.ts';
import { answerWriter } from '../writer-context.ts';

export async function generateScriptRoutes(app: FastifyInstance) {
  app.post(API_PATHS.generateScript, async (request, reply) => {
    const input = parseWith(videoScriptRequestSchema, request.body);
    return answerWriter(request, reply, async (context): Promise<VideoScriptResponse> => {
      const script = await writeVideoScript(input, context);
      return { success: true, data: { script } };
    });
  });
}
