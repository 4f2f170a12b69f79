import { compareTraces, type Trace } from '@agentspec/runtime';
import { VIEWER_SCRIPT } from './viewer-script.js';
import { VIEWER_STYLE } from './viewer-style.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators that end a script line. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A label per trace: its runtime (else its name), made unique. */
export function traceLabels(traces: readonly Trace[]): string[] {
  const seen = new Map<string, number>();
  return traces.map((t) => {
    const base = t.runtime ?? t.name;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} #${n}`;
  });
}

/**
 * One self-contained HTML page showing traces as timelines of their span
 * trees, side by side, each span expandable to its inputs, outputs, tokens,
 * errors and events; with several traces, the spans where the trees differ
 * (kinds, names, component ids, nesting; compared with the first) are
 * marked. Styles, script and data are inline and a Content-Security-Policy
 * forbids every fetch: the page works offline and loads nothing.
 */
export function traceHtml(traces: readonly Trace[]): string {
  const labels = traceLabels(traces);
  const comparison = traces.length > 1 ? compareTraces(traces, labels) : undefined;
  const data = {
    traces: traces.map((trace, i) => ({ label: labels[i], trace })),
    differing: comparison?.differing ?? null,
    differences: comparison?.differences ?? [],
  };
  const title = `agentspec trace — ${[...new Set(traces.map((t) => t.name))].join(', ')}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${VIEWER_STYLE}</style>
</head>
<body>
<header class="page"><h1>${escapeHtml(title)}</h1><span class="meta">${traces.length} trace${traces.length === 1 ? '' : 's'}; click a span for its inputs, outputs, tokens and events</span>
<div class="tools"><button type="button" id="open-all">open all</button><button type="button" id="close-all">close all</button></div></header>
<div id="comparison" class="comparison" hidden></div>
<main id="traces" class="traces"></main>
<script type="application/json" id="trace-data">${scriptJson(data)}</script>
<script>${VIEWER_SCRIPT}</script>
</body>
</html>
`;
}
