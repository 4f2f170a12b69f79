/** The viewer page's stylesheet (inlined: the page loads nothing). */
export const VIEWER_STYLE = String.raw`
:root { --fg: #1d2330; --muted: #5f6b7a; --line: #d9dee6; --bg: #f6f7f9; --card: #fff; --flow: #6d5bd0; --node: #8a94a6; --agent: #1f7a5a; --llm: #2563eb; --tool: #c2610c; --error: #c62828; --paused: #a16207; --diff: #d0342c; }
* { box-sizing: border-box; }
body { margin: 0; font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
header.page { padding: 12px 16px; background: var(--card); border-bottom: 1px solid var(--line); display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
header.page h1 { font-size: 16px; margin: 0; }
header.page .tools { margin-left: auto; display: flex; gap: 6px; }
button { font: inherit; cursor: pointer; }
.tools button { border: 1px solid var(--line); background: var(--card); border-radius: 4px; padding: 2px 8px; }
.comparison { margin: 12px 16px; padding: 8px 12px; border-radius: 6px; border: 1px solid var(--line); background: var(--card); }
.comparison.same { border-color: #8fd1a8; }
.comparison.differ { border-color: var(--diff); }
.comparison ul { margin: 4px 0 0; padding-left: 18px; }
.traces { display: grid; gap: 12px; padding: 12px 16px; overflow-x: auto; align-items: start; }
.trace { background: var(--card); border: 1px solid var(--line); border-radius: 6px; min-width: 0; }
.trace > header { padding: 8px 12px; border-bottom: 1px solid var(--line); }
.trace h2 { font-size: 14px; margin: 0 0 2px; }
.meta { color: var(--muted); display: flex; gap: 10px; flex-wrap: wrap; }
.runs, .trace-events { padding: 4px 12px; border-bottom: 1px solid var(--line); color: var(--muted); }
.timeline { padding: 4px 0 8px; }
.row { display: grid; grid-template-columns: minmax(0, 1fr) 32%; align-items: center; min-height: 24px; border-left: 3px solid transparent; }
.row:hover { background: #f0f3f8; }
.row.differs { border-left-color: var(--diff); background: #fdf0ef; }
.cell { display: flex; align-items: center; gap: 4px; min-width: 0; padding-right: 6px; }
.twisty { width: 18px; height: 18px; border: 0; background: none; color: var(--muted); padding: 0; flex: none; }
.twisty[aria-expanded="false"] { transform: rotate(-90deg); }
.twisty.leaf { visibility: hidden; }
.label { display: flex; align-items: center; gap: 6px; min-width: 0; border: 0; background: none; padding: 2px 0; text-align: left; color: inherit; flex: 1; }
.label .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.kind { flex: none; font-size: 10px; font-weight: 600; text-transform: uppercase; color: #fff; border-radius: 3px; padding: 0 4px; }
.kind.flow { background: var(--flow); } .kind.node { background: var(--node); } .kind.agent { background: var(--agent); } .kind.llm { background: var(--llm); } .kind.tool { background: var(--tool); }
.dur, .tok { flex: none; color: var(--muted); font-variant-numeric: tabular-nums; }
.status { flex: none; font-size: 10px; border-radius: 3px; padding: 0 4px; border: 1px solid currentColor; }
.status.error { color: var(--error); } .status.paused { color: var(--paused); } .status.unset { color: var(--muted); }
.diffmark { flex: none; color: var(--diff); font-weight: 700; }
.track { position: relative; height: 10px; margin-right: 10px; background: #eef1f5; border-radius: 2px; }
.bar { position: absolute; top: 0; bottom: 0; min-width: 2px; border-radius: 2px; }
.bar.flow { background: var(--flow); } .bar.node { background: var(--node); } .bar.agent { background: var(--agent); } .bar.llm { background: var(--llm); } .bar.tool { background: var(--tool); }
.bar.error { outline: 2px solid var(--error); }
.details { margin: 2px 10px 8px; padding: 8px 10px; border: 1px solid var(--line); border-radius: 4px; background: #fbfcfd; }
.details[hidden] { display: none; }
.details h3 { font-size: 11px; text-transform: uppercase; color: var(--muted); margin: 8px 0 2px; }
.details h3:first-child { margin-top: 0; }
.details pre { margin: 0; white-space: pre-wrap; word-break: break-word; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; max-height: 320px; overflow: auto; }
.details .error-text { color: var(--error); }
.events { margin: 0; padding-left: 16px; }
.children[hidden] { display: none; }
.empty { padding: 8px 12px; color: var(--muted); }
`;
