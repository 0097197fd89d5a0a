/**
 * test helper (unit, engine): a WriteData with only the buckets a case cares about, the others
 * empty, so expected plans in write tests stay short.
 */
import type { WriteData } from '../../../engine/plan/types.js';

export function writeData(parts: Partial<WriteData> = {}): WriteData {
  return { scalars: {}, relations: {}, media: {}, components: {}, dynamicZones: {}, ...parts };
}
