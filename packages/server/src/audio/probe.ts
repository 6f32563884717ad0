/**
 * Looks inside an uploaded file with ffprobe: its content decides whether it is audio, never the
 * client's MIME type or file name.
 */
import { SERVER_MESSAGES } from '@ai-tools/contracts';
import { ProgramExitedError, runEngineProcess } from '../child-process.ts';

export interface AudioProbe {
  /** ffprobe's container name, such as 'mp3' or 'mov,mp4,m4a,3gp,3g2,mj2'. */
  container: string;
  /** The first audio stream's codec, such as 'opus'. */
  codec: string;
  /** Absent when the container does not say (a WebM from a browser's recorder, for one). */
  durationSeconds?: number;
}

interface FfprobeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; codec_name?: string; duration?: string }[];
}

/** Returns null when the file is not something ffmpeg reads as audio. */
export async function probeAudio(path: string, signal?: AbortSignal): Promise<AudioProbe | null> {
  let output: Buffer;
  try {
    output = await runEngineProcess(
      'ffprobe',
      [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_entries',
        'format=format_name,duration:stream=codec_type,codec_name,duration',
        path,
      ],
      { signal, failureMessage: SERVER_MESSAGES.audioProcessingFailed },
    );
  } catch (error) {
    // ffprobe refusing the file means it is not audio; an abort or a missing ffprobe is not the
    // upload's fault.
    if (error instanceof ProgramExitedError) return null;
    throw error;
  }
  let probe: FfprobeOutput;
  try {
    probe = JSON.parse(output.toString('utf8')) as FfprobeOutput;
  } catch {
    return null;
  }
  const audio = probe.streams?.find((stream) => stream.codec_type === 'audio');
  if (!audio) return null;
  const duration = Number(probe.format?.duration ?? audio.duration);
  return {
    container: probe.format?.format_name ?? 'unknown',
    codec: audio.codec_name ?? 'unknown',
    durationSeconds: Number.isFinite(duration) ? duration : undefined,
  };
}
