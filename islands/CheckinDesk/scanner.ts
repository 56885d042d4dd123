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

/**
 * jsQR's time grows with the pixels it reads, and a scan has 300 ms from frame to person. Most
 * frames are read as their middle square (where staff aim the camera), scaled to 360 px: a badge's
 * QR code held at arm's length still has several pixels per module. Every third frame is read
 * whole at 480 px wide, for a code held off centre.
 */
const CENTRE_SIDE = 360;
const WHOLE_WIDTH = 480;

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
  let frames = 0;
  return async (video) => {
    const [w, h] = [video.videoWidth, video.videoHeight];
    if (!w) return null;
    if (++frames % 3) {
      const side = Math.round(Math.min(w, h) * 0.8);
      canvas.width = canvas.height = Math.min(CENTRE_SIDE, side);
      context.drawImage(video, (w - side) / 2, (h - side) / 2, side, side, 0, 0, canvas.width, canvas.height);
    } else {
      const scale = Math.min(1, WHOLE_WIDTH / w);
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
    }
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
export function watch(
  video: HTMLVideoElement,
  read: FrameReader,
  onCode: (code: string, frameAt: number, decodedAt: number) => void,
): () => void {
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
        onCode(code, frameAt, performance.now());
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

let audio: AudioContext | null = null;

/**
 * The desk's one audio context, made on a tap (browsers start sound only after a gesture) and
 * kept: making one per beep costs milliseconds the scan's 300 ms budget does not have.
 */
export function unlockSound(): void {
  try {
    const Audio = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
    if (!audio && Audio) audio = new Audio();
    void audio?.resume();
  } catch {
    // No sound on this device: the colour still says it.
  }
}

/** Two tones: high for a person who may come in, low twice for one who may not (yet). */
export function beep(good: boolean): void {
  try {
    if (!audio) return;
    const tones = good
      ? [[880, 0, 0.12]]
      : [
          [220, 0, 0.15],
          [220, 0.2, 0.15],
        ];
    for (const [hz, start, length] of tones) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = hz;
      gain.gain.value = 0.2;
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + start);
      osc.stop(audio.currentTime + start + length);
    }
  } catch {
    // No sound on this device: the colour still says it.
  }
}
