/**
 * The check-in desk test's camera (checkin.test.ts): Chromium's fake video device reads `camera`, a
 * Y4M file that badgeFrame() draws from a real badge PDF. Files live in `tmp`, removed by the test.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sheetGrid } from '../../server/modules/documents/pdf/kit';

export const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-checkin-e2e-'));
export const camera = path.join(tmp, 'badge.y4m');

/**
 * One 640 × 480 frame of the badge's QR code as a camera held over it would see it: the first
 * badge of the PDF's sheet drawn at 180 dpi by pdftoppm, cut around its QR code, written as Y4M
 * (4:2:0, BT.601 full range: what Chromium's file-backed fake camera reads).
 */
export function badgeFrame(pdf: Buffer): void {
  fs.writeFileSync(path.join(tmp, 'badge.pdf'), pdf);
  const dpi = 180;
  const grid = sheetGrid(90, 130)!;
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  const [W, H] = [640, 480];
  execFileSync('pdftoppm', [
    '-r',
    String(dpi),
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    '-x',
    String(px(grid.x0) - 1),
    '-y',
    String(px(grid.y0 + 56)),
    '-W',
    String(W),
    '-H',
    String(H),
    path.join(tmp, 'badge.pdf'),
    path.join(tmp, 'frame'),
  ]);
  fs.copyFileSync(path.join(tmp, 'frame.ppm'), path.join(tmp, 'frame-kept.ppm'));
  const ppm = fs.readFileSync(path.join(tmp, 'frame.ppm'));
  const head = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 50).toString('latin1'))!;
  const [w, h] = [Number(head[1]), Number(head[2])];
  const rgb = ppm.subarray(head[0].length);
  const pixel = (x: number, y: number) =>
    x < w && y < h ? [rgb[(y * w + x) * 3], rgb[(y * w + x) * 3 + 1], rgb[(y * w + x) * 3 + 2]] : [255, 255, 255];
  const Y = Buffer.alloc(W * H);
  const U = Buffer.alloc((W / 2) * (H / 2));
  const V = Buffer.alloc((W / 2) * (H / 2));
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const [r, g, b] = pixel(x, y);
      Y[y * W + x] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  for (let y = 0; y < H / 2; y++)
    for (let x = 0; x < W / 2; x++) {
      const [r, g, b] = pixel(x * 2, y * 2);
      U[y * (W / 2) + x] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      V[y * (W / 2) + x] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  fs.writeFileSync(
    camera,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), Buffer.from('FRAME\n'), Y, U, V]),
  );
}
