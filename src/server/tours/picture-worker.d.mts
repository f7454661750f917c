/** Types of picture-worker.mjs (plain JavaScript, so that it runs as a forked process from the sources and the build alike). */
export interface PictureRules {
  maxPixels: number;
  sizes: Record<string, number>;
}
export type CopiesAnswer =
  | { ok: true; width: number; height: number; copies: Record<string, Uint8Array> }
  | { ok: false; kind: 'unsupported' | 'damaged' | 'too-large'; width?: number; height?: number };
export function sniffPictureType(head: Buffer): 'jpeg' | 'png' | 'webp' | 'avif' | null;
export function makeCopies(path: string, rules: PictureRules): Promise<CopiesAnswer>;
