// The yaml package, loaded the first time a YAML text is read or written, not
// when @agentspec/core is imported: a JSON document's load never needs it, and
// its modules were 72 of the 183 that `agentspec validate` loaded (the CLI
// loads one document per process: about 20 ms of its start). Synchronous, as
// `load` is: Node resolves `yaml` to its CommonJS build for `import` and
// `require` alike, so this is the instance an `import 'yaml'` gets too.
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

export type YamlLib = typeof Yaml;

let lib: YamlLib | undefined;

/** The yaml package (required on the first call). */
export function yamlLib(): YamlLib {
  return (lib ??= createRequire(import.meta.url)('yaml') as YamlLib);
}
