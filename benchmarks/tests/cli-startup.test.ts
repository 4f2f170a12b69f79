import { describe, expect, it } from 'vitest';
import { BIN, sample, SMALL_SPEC, withJsonSpec } from '../src/cli-startup.js';

describe('CLI startup benchmark inputs', () => {
  it('the floor and the subject each report a peak RSS; the subject validates the small spec, YAML and JSON (exit 0)', () => {
    const floor = sample([]);
    const subject = sample([BIN, 'validate', SMALL_SPEC]);
    expect(floor.status).toBe(0);
    expect(subject.status).toBe(0);
    expect(floor.rssMb).toBeGreaterThan(0);
    expect(subject.rssMb).toBeGreaterThan(0);
    expect(sample([BIN, 'validate', `${SMALL_SPEC}.missing`]).status).toBe(2);
    // the same spec as JSON, which the benchmark times too
    expect(withJsonSpec((file) => sample([BIN, 'validate', file]).status)).toBe(0);
  });
});
