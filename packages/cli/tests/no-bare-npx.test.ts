import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// On the npm registry the bare name `agentspec` is an unrelated package: a doc, example or script that has npx
// run it would fetch and execute that package. Ours is run installed: `npx --no-install agentspec`,
// `node_modules/.bin/agentspec`, `pnpm agentspec`.
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SKIP = new Set(['node_modules', '.git', 'dist', '.tools', '.turbo', 'coverage', 'reports']);

/** `npx [options] agentspec` not followed by a name character or `-`, unless an option is --no-install / --no. */
const NPX = /\bnpx((?:\s+--?[\w-]+(?:=\S+)?)*)\s+agentspec(?![\w-])/g;

/** The line of `text` up to `index`. */
const lineBefore = (text: string, index: number): string => text.slice(text.lastIndexOf('\n', index) + 1, index);

/** Every bare npx run of agentspec in a text, except in a warning against it (`never` earlier on its line). */
function bareNpx(text: string): string[] {
  return [...text.matchAll(NPX)]
    .filter((m) => !/(^|\s)--no(-install)?(\s|=|$)/.test(m[1]!) && !/\bnever\b/i.test(lineBefore(text, m.index)))
    .map((m) => m[0]);
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) yield* files(path);
    else if (stat.isFile() && stat.size < 2_000_000) yield path;
  }
}

describe('no doc, example or script lets npx fetch agentspec by its bare name', () => {
  it('finds the forms that fetch the unrelated package, and not the installed ones', () => {
    const npx = 'npx';
    expect(bareNpx(`${npx} agentspec validate a.yaml`)).toHaveLength(1);
    expect(bareNpx(`x="\${AGENTSPEC:-${npx} agentspec}"`)).toHaveLength(1);
    expect(bareNpx(`${npx} -y agentspec conformance`)).toHaveLength(1);
    expect(bareNpx(`${npx} --yes agentspec`)).toHaveLength(1);
    expect(bareNpx(`${npx} --no-install agentspec validate a.yaml`)).toEqual([]);
    expect(bareNpx(`${npx} --no agentspec validate a.yaml`)).toEqual([]);
    expect(bareNpx(`${npx} agentspec-scripted-llm --rules r.yaml`)).toEqual([]);
    expect(bareNpx('node_modules/.bin/agentspec; pnpm agentspec validate')).toEqual([]);
    expect(bareNpx(`package is somebody else's: never run a bare \`${npx} agentspec\`). Build`)).toEqual([]);
    expect(bareNpx(`never mind\n${npx} agentspec validate`)).toHaveLength(1);
  });

  it('holds for every file of the repository (node_modules, dist and .git aside)', () => {
    const found: string[] = [];
    for (const file of files(REPO)) {
      const text = readFileSync(file, 'utf8');
      if (text.includes('\0')) continue;
      for (const hit of bareNpx(text)) found.push(`${relative(REPO, file)}: ${hit}`);
    }
    expect(found).toEqual([]);
  });
});
