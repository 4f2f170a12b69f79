import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load, serialize, deserialize } from '../src/index.js';

describe('smoke', () => {
  it('loads the json example', () => {
    const text = readFileSync(new URL('../../../../shared/spec/agentspec-25.4.1-language-spec.txt', import.meta.url), 'utf8');
    const start = text.indexOf('Flow\'s representation\n') + 'Flow\'s representation\n'.length;
    const end = text.indexOf('SDKs for consuming');
    const json = text.slice(start, end);
    const r = load(json);
    console.log(r.diagnostics);
    const fixed = json.replace('"destination_input": "Input_2"', '"destination_input": "Input_3"');
    const r2 = load(fixed);
    console.log(r2.diagnostics);
    const c = deserialize(fixed);
    const out = serialize(c);
    console.log(out.slice(0, 600));
    expect(deserialize(out)).toEqual(c);
  });
});
