// The security rules a case file cannot express (describeSecurityRules), on every runtime of the registry.
import { RUNTIMES } from '../src/runtimes.js';
import { describeSecurityRules } from '../src/vitest-security.js';

for (const make of Object.values(RUNTIMES)) await describeSecurityRules(make);
