/** How long to wait for the browser to read a file's duration before going without it. */
const METADATA_TIMEOUT_MS = 5000;

/**
 * The duration of an audio file in seconds, read by the browser from the file's own metadata, or
 * undefined when the browser cannot tell (unknown codec, no metadata, no media support).
 */
export function readAudioDuration(file: File): Promise<number | undefined> {
  if (typeof URL.createObjectURL !== 'function' || typeof Audio === 'undefined') {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    const finish = (seconds: number | undefined) => {
      clearTimeout(timer);
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(
        seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
      );
    };
    const timer = setTimeout(() => finish(undefined), METADATA_TIMEOUT_MS);
    audio.preload = 'metadata';
    audio.addEventListener('loadedmetadata', () => finish(audio.duration), { once: true });
    audio.addEventListener('error', () => finish(undefined), { once: true });
    audio.src = url;
  });
}
