import { fileURLToPath } from 'node:url';
import type { TestFile } from './test-files.js';

export type Engine = 'postgresql' | 'embedded';

/** One mocha process of a run: files on one engine. */
export interface Chunk {
  name: string;
  engine: Engine;
  files: string[];
  /** The files' expected time, from the weights. */
  ms: number;
}

/** Each file's last measured time per engine (`npm test -- --save-weights` writes it). */
export const WEIGHTS_FILE = fileURLToPath(new URL('./file-weights.json', import.meta.url));

/**
 * About this much work per mocha process. Each pays about 6 s of CPU at its first kernel (loading
 * the TypeScript sources of every group), so fewer lanes leave more of the cores to the tests; the
 * heaviest files alone take up to three minutes, so chunks of this size do not lengthen the run's end.
 */
const CHUNK_MS = 150_000;
/** A file the weights do not know yet (new, or renamed). */
const UNKNOWN_FILE_MS = 10_000;

/**
 * Packs the runs into chunks per engine, heaviest files first, each chunk filled up to CHUNK_MS (a
 * heavier file is a chunk alone); the chunks come back heaviest first, the order to start them in
 * so that the run's tail is short.
 */
export function packChunks(runs: { engine: Engine; file: TestFile }[], weights: Record<string, number>): Chunk[] {
  const weightOf = (engine: Engine, file: string) => weights[`${engine}:${file}`] ?? UNKNOWN_FILE_MS;
  const chunks: Chunk[] = [];
  for (const engine of new Set(runs.map((r) => r.engine))) {
    const files = runs
      .filter((r) => r.engine === engine)
      .map((r) => ({ path: r.file.path, ms: weightOf(engine, r.file.path) }))
      .sort((a, b) => b.ms - a.ms || a.path.localeCompare(b.path));
    const mine: Chunk[] = [];
    for (const file of files) {
      const room = mine.find((c) => c.ms + file.ms <= CHUNK_MS);
      if (room) {
        room.files.push(file.path);
        room.ms += file.ms;
      } else mine.push({ name: '', engine, files: [file.path], ms: file.ms });
    }
    mine.forEach((c, i) => (c.name = `${engine}-${String(i + 1).padStart(2, '0')}`));
    chunks.push(...mine);
  }
  return chunks.sort((a, b) => b.ms - a.ms);
}
