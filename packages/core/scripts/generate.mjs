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
// 26.2.0 (never released; what pyagentspec 26.3.1 stamps) keeps its file: the 26.3.1 schema under its name.
const alias = { ...allJsonSchemas()['26.3.1'], $id: 'https://agentspec-ts.dev/schemas/agentspec-26.2.0.schema.json', title: 'Agent Spec 26.2.0 document (read as 26.3.1)' };
writeFileSync(new URL('schemas/agentspec-26.2.0.schema.json', root), `${JSON.stringify(alias, null, 2)}\n`);
console.log('wrote docs/diagnostics.md and schemas/*.schema.json');
