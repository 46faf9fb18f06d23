import { rmSync } from 'node:fs';

/** Removes the journeys' temporary database folder. */
export default function globalTeardown(): void {
  const dir = process.env.YUK_E2E_DATA_DIR;
  if (dir && dir.includes('yuk-e2e-')) rmSync(dir, { recursive: true, force: true });
}
