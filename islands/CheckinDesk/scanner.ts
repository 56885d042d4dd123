/**
 * Reading the QR code of a badge or ticket from the camera (issue 33): the browser's
 * BarcodeDetector where it reads QR codes (Android, macOS, ChromeOS), else jsQR, loaded only when
 * the desk starts its camera. The code a badge's QR carries is the registration code as printed
 * under it (documents feature, pdf/badge.ts: drawQr(doc, p.code)), so the text read is the code.
 */

/** Reads one frame; null when no QR code is in it. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

type Detector = { detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>> };
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

/** Frames are scaled down to this width before jsQR reads them: enough for a badge held at arm's length, and fast. */
const READ_WIDTH = 640;

async function nativeReader(): Promise<FrameReader | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsqrReader(): Promise<FrameReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return async (video) => {
    if (!video.videoWidth) return null;
    const scale = Math.min(1, READ_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** The best reader this browser has, and its name (shown to the staff, and read by the tests). */
export async function frameReader(): Promise<{ read: FrameReader; kind: 'native' | 'jsqr' }> {
  const native = await nativeReader();
  return native ? { read: native, kind: 'native' } : { read: await jsqrReader(), kind: 'jsqr' };
}

/**
 * Watches the camera's frames until stopped, telling each new code once (the same badge held in
 * front of the camera is not told again for a few seconds). About seven frames a second: the
 * reading takes a few milliseconds, and a phone stays cool.
 */
export function watch(video: HTMLVideoElement, read: FrameReader, onCode: (code: string, readAt: number) => void): () => void {
  let stopped = false;
  let last = { code: '', at: 0 };
  const tick = async () => {
    if (stopped) return;
    try {
      // The frame's time is taken before it is read, so the desk's measure includes the decoding.
      const frameAt = performance.now();
      const code = (await read(video))?.trim();
      if (code && (code !== last.code || frameAt - last.at > 4000)) {
        last = { code, at: frameAt };
        onCode(code, frameAt);
      }
    } catch {
      // A frame that cannot be read (the camera is starting): the next one may be.
    }
    if (!stopped) setTimeout(tick, 140);
  };
  void tick();
  return () => {
    stopped = true;
  };
}

/** Two tones: high for a person who may come in, low twice for one who may not (yet). */
export function beep(good: boolean): void {
  try {
    const Audio = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
    if (!Audio) return;
    const audio = new Audio();
    const tones = good ? [[880, 0, 0.12]] : [[220, 0, 0.15], [220, 0.2, 0.15]];
    for (const [hz, start, length] of tones) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = hz;
      gain.gain.value = 0.2;
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + start);
      osc.stop(audio.currentTime + start + length);
    }
    setTimeout(() => void audio.close(), 800);
  } catch {
    // No sound on this device: the colour still says it.
  }
}
