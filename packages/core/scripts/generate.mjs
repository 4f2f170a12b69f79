// Writes the generated artefacts of @agentspec/core from the built package:
// docs/diagnostics.md (the code table) and schemas/agentspec-<version>.schema.json.
// Run by `pnpm --filter @agentspec/core generate`; tests fail when they are stale.
import { writeFileSync } from 'node:fs';
import { allJsonSchemas, DIAGNOSTIC_CODES } from '../dist/index.js';
import { renderDiagnosticsDoc } from '../dist/diagnostics/doc.js';

const root = new URL('..', import.meta.url);
writeFileSync(new URL('docs/diagnostics.md', root), renderDiagnosticsDoc(DIAGNOSTIC_CODES));
for (const [version, schema] of Object.entries(allJsonSchemas())) {
  writeFileSync(new URL(`schemas/agentspec-${version}.schema.json`, root), `${JSON.stringify(schema, null, 2)}\n`);
}
console.log('wrote docs/diagnostics.md and schemas/*.schema.json');
