import type { FastifyInstance } from 'fastify';
import { API_PATHS, videoScriptRequestSchema, type VideoScriptResponse } from '@ai-tools/contracts';
import { writeVideoScript } from '../../services/video-script.ts';
import { parseWith } from '../../plugins/validation.ts';
import { writerContextFor } from '../writer-context.ts';

export async function generateScriptRoutes(app: FastifyInstance) {
  app.post(API_PATHS.generateScript, async (request, reply): Promise<VideoScriptResponse> => {
    const input = parseWith(videoScriptRequestSchema, request.body);
    const script = await writeVideoScript(input, writerContextFor(request, reply));
    return { success: true, data: { script } };
  });
}
