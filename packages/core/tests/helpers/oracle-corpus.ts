import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Oracle's published Agent Spec documents (`shared/corpus/oracle/`, beside
 * the repository: CI clones the repo next to `shared`). Looked up as
 * AGENTSPEC_SHARED, then `<repo>/../shared`, then `<repo>/../../shared` (a
 * git worktree one folder down); undefined when absent.
 */
export function oracleCorpus(): string | undefined {
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  const candidates = [process.env.AGENTSPEC_SHARED, join(repo, '..', 'shared'), join(repo, '..', '..', 'shared')];
  for (const c of candidates) {
    if (c && existsSync(join(c, 'corpus', 'oracle', 'pyagentspec-verdicts.tsv'))) return join(c, 'corpus', 'oracle');
  }
  return undefined;
}

export interface Verdict {
  readonly path: string;
  readonly verdict: 'valid' | 'invalid';
  readonly loadedAs: string;
  readonly error: string;
}

/** pyagentspec 26.3.1's verdict on each file, on a plain load (no substitution, no registry). */
export function verdicts(root: string): Verdict[] {
  const [, ...rows] = readFileSync(join(root, 'pyagentspec-verdicts.tsv'), 'utf8').trim().split('\n');
  return rows.map((line) => {
    const [path = '', verdict = '', loadedAs = '', , error = ''] = line.split('\t');
    return { path, verdict: verdict as Verdict['verdict'], loadedAs, error };
  });
}

/**
 * Oracle's adapter tests substitute placeholders such as `[[LLAMA70BV33_API_URL]]`
 * (a YAML flow sequence as written) with URLs before loading: so do we.
 */
export function substitutePlaceholders(text: string): string {
  return text.replace(/\[\[([A-Za-z0-9_]+)\]\]/g, (_m, name: string) => `http://127.0.0.1:8000/${name.toLowerCase()}`);
}

const EXAMPLES = 'docs/pyagentspec/source/agentspec_config_examples/';

/** What a disaggregated document is loaded with, as Oracle's how-tos show. */
export const COMPANIONS: Readonly<Record<string, { readonly referenced?: string; readonly components?: Readonly<Record<string, unknown>> }>> = {
  [`${EXAMPLES}howto_disaggregated_main_config.json`]: { referenced: `${EXAMPLES}howto_disaggregated_component_config.json` },
  [`${EXAMPLES}howto_disaggregated_main_config.yaml`]: { referenced: `${EXAMPLES}howto_disaggregated_component_config.yaml` },
  // docs/pyagentspec/source/code_examples/howto_datastores.py: the components registry of the how-to
  [`${EXAMPLES}howto_oracle_datastore.json`]: {
    components: {
      'oracle_tls_config_id.user': 'myuser',
      'oracle_tls_config_id.password': 'mypassword',
      'oracle_tls_config_id.dsn': '(DESCRIPTION=(ADDRESS=(PROTOCOL=tcps)(HOST=myhost.example.com)(PORT=2484))(CONNECT_DATA=(SERVICE_NAME=myservice)))',
    },
  },
};
