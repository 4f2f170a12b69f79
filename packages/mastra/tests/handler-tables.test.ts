// Type-level: every handler table of this package has exactly one entry per kind, unknown components
// included (DESIGN §2.1), so a component admit() let through always finds its handler. Checked by tsc below.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { NodeKind, ToolKind } from '@agentspec/core';
import { typecheck } from '@agentspec/testing';
import type { TOOL_EMITTERS } from '../src/emit/tools/index.js';
import type { NODE_COMPILERS } from '../src/compile/flow/nodes/index.js';
import type { HANDLERS } from '../src/import/graph/handlers.js';
import type { EntryKind } from '../src/import/import-entry.js';

expectTypeOf<keyof typeof NODE_COMPILERS>().toEqualTypeOf<NodeKind>();
expectTypeOf<keyof typeof TOOL_EMITTERS>().toEqualTypeOf<ToolKind>();
expectTypeOf<keyof typeof HANDLERS>().toEqualTypeOf<EntryKind>(); // the importer: one handler per kind of workflow entry

describe('handler tables', () => {
  it('cover every kind, unknown included (tsc)', async () => {
    expect(await typecheck([new URL(import.meta.url)], new URL('../tsconfig.json', import.meta.url))).toEqual([]);
  }, 120_000);
});
