import { PLAYGROUND_SCRIPT } from './playground-script.js';

export interface PlaygroundOptions {
  /** The spec's name, the page title. */
  readonly title: string;
  readonly runtimes: readonly string[];
  readonly isFlow: boolean;
  /** Link each thread to its trace view (`traces/<thread>/view`). */
  readonly traces?: boolean;
  /** The flow's graph as SVG (`agentspec graph --format svg`): drawn beside the chat, its current node highlighted. */
  readonly graphSvg?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1d1d1f; background: #f6f7f9; }
header { display: flex; gap: 16px; align-items: center; padding: 10px 18px; background: #fff; border-bottom: 1px solid #ddd; }
header h1 { font-size: 16px; margin: 0; flex: 1; }
header .meta { color: #666; font-size: 12px; }
main { display: flex; gap: 16px; padding: 16px; height: calc(100vh - 52px); }
.chat { flex: 1 1 55%; display: flex; flex-direction: column; background: #fff; border: 1px solid #ddd; border-radius: 8px; min-width: 320px; }
.columns { flex: 1; display: flex; min-height: 0; }
.column { flex: 1 1 0; display: flex; flex-direction: column; min-width: 0; }
.side-by-side .column + .column { border-left: 1px solid #eee; }
.column-head { display: flex; flex-wrap: wrap; gap: 2px 8px; align-items: baseline; padding: 6px 10px; border-bottom: 1px solid #eee; font-size: 12px; min-height: 44px; }
.column-name { font-weight: 600; flex: 1; }
.diff-note { order: 3; flex-basis: 100%; color: #2e7d32; }
body.compare .chat { flex: 1 1 76%; }
body.compare .side { flex: 0 1 24%; }
body.compare .msg { max-width: 95%; }
.interrupt-message, .tool-args, .tool-result, .outputs { overflow-wrap: anywhere; }
.column.differs .diff-note { color: #b45309; font-weight: 600; }
.column.differs .column-head { background: #fff7ed; }
.msg.differs, .tool.differs { outline: 2px solid #f59e0b; }
.trace-link { color: #0a66c2; }
.log { flex: 1; overflow: auto; padding: 14px; display: flex; flex-direction: column; gap: 8px; }
.msg { max-width: 80%; padding: 8px 12px; border-radius: 12px; white-space: pre-wrap; }
.msg.user { align-self: flex-end; background: #0a66c2; color: #fff; }
.msg.assistant { align-self: flex-start; background: #eef1f5; }
.tool { align-self: flex-start; font-size: 12px; border: 1px dashed #999; border-radius: 6px; padding: 6px 10px; background: #fffdf5; }
.tool-name { font-weight: 600; margin-right: 6px; }
.tool-result { color: #2e7d32; }
.decision, .outputs { align-self: center; font-size: 12px; color: #555; }
.error { align-self: stretch; color: #b00020; background: #fdecee; padding: 6px 10px; border-radius: 6px; }
.pending .interrupt { margin: 0 14px 10px; padding: 10px; border: 1px solid #f0b400; background: #fff8e1; border-radius: 8px; }
.pending button { margin: 6px 6px 0 0; padding: 4px 14px; border-radius: 6px; border: 1px solid #888; cursor: pointer; }
.pending .approve { background: #2e7d32; color: #fff; border-color: #2e7d32; }
.pending .reject { background: #fff; color: #b00020; border-color: #b00020; }
.hint { color: #666; font-size: 12px; }
.compose { display: flex; gap: 8px; padding: 10px; border-top: 1px solid #eee; }
.compose textarea { flex: 1; resize: none; height: 44px; padding: 8px; border: 1px solid #ccc; border-radius: 6px; font: inherit; }
.compose button { padding: 0 18px; border-radius: 6px; border: 0; background: #0a66c2; color: #fff; cursor: pointer; }
.compose button:disabled { background: #9bb8d6; }
.side { flex: 1 1 45%; overflow: auto; background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 12px; }
.side h2 { font-size: 13px; margin: 0 0 8px; color: #555; }
#inputs { width: 100%; height: 60px; font: 12px ui-monospace, monospace; }
#graph svg { max-width: 100%; height: auto; }
#graph g.node.current rect { stroke: #f57c00; stroke-width: 4; fill: #ffe0b2; }
#status { font-size: 12px; color: #0a66c2; }
`;

/**
 * The playground page (`GET /`): one self-contained HTML document — its
 * style, script and the flow's graph inline, nothing fetched from elsewhere —
 * that chats with the served spec over the server's AG-UI endpoint: one
 * runtime, or every runtime served side by side (a column and a thread each,
 * differences from the first column marked).
 */
export function playgroundHtml(o: PlaygroundOptions): string {
  const config = JSON.stringify({ runtimes: o.runtimes, isFlow: o.isFlow, traces: o.traces === true }).replace(/</g, '\\u003c');
  const side = o.isFlow || o.graphSvg
    ? `<aside class="side">${o.isFlow ? '<h2>Inputs (JSON, for a new thread)</h2><textarea id="inputs" spellcheck="false">{}</textarea>' : ''}${o.graphSvg ? `<h2>Graph</h2><div id="graph">${o.graphSvg}</div>` : ''}</aside>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>agentspec playground — ${esc(o.title)}</title>
<style>${STYLE}</style>
</head>
<body data-ready="false">
<header><h1>${esc(o.title)}</h1><label class="meta">runtime <select id="runtime"></select></label><span class="meta">thread <code id="thread"></code></span><button id="new">New thread</button><span id="status"></span></header>
<main>
<section class="chat"><div id="columns" class="columns"></div>
<div class="compose"><textarea id="input" placeholder="Message (Enter to send)"></textarea><button id="send">Send</button></div></section>
${side}
</main>
<script type="application/json" id="agentspec-config">${config}</script>
<script>${PLAYGROUND_SCRIPT}</script>
</body>
</html>
`;
}
