import type { CellSummary } from '../run/aggregate.js';
import type { TaskResult } from '../run/score-run.js';
import type { EvalReport } from './eval-report.js';
import { esc, latencyChart, scoreChart } from './html-charts.js';

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d2433;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #dde}
.meta{color:#5a6275}table{border-collapse:collapse;margin:6px 0}th,td{border:1px solid #dde;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f3f5f9;font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums}
.regressed{background:#fde2e2;color:#8a1111;font-weight:600}.improved{background:#e1f5e6}
.banner{padding:8px 12px;border-radius:4px;margin:10px 0}.banner.bad{background:#fde2e2}.banner.good{background:#e1f5e6}
.charts{display:flex;flex-wrap:wrap;gap:16px}.chart{margin:0}.chart figcaption{font-weight:600;margin-bottom:4px}
svg text{font:12px system-ui,sans-serif;fill:#1d2433}svg .tick{fill:#5a6275}svg .grid{stroke:#e3e6ee}svg .ci{stroke:#111;stroke-width:2}
svg .dot{fill:#3b6ea8;opacity:.75}svg .dot.fail{fill:#c0703a}svg .dot.error{fill:#b11}svg .p50{stroke:#111;stroke-width:2}svg .p95{stroke:#b11;stroke-width:2;stroke-dasharray:3 2}
.pass{color:#1d7a35;font-weight:600}.fail{color:#b34a00;font-weight:600}.err{color:#b11;font-weight:600}
details.item{border:1px solid #dde;border-radius:4px;margin:6px 0}details.item>summary{cursor:pointer;padding:6px 10px;background:#f7f8fb}
details.item[open]>summary{border-bottom:1px solid #dde}.item-body{padding:8px 12px}
.run{border-left:3px solid #dde;margin:8px 0;padding:4px 10px}.run.ok{border-color:#1d7a35}.run.no{border-color:#b34a00}.run.error{border-color:#b11}
pre{background:#f7f8fb;padding:6px 8px;margin:4px 0;white-space:pre-wrap;word-break:break-word;max-height:260px;overflow:auto}
.steps li{margin:2px 0}.tag{display:inline-block;padding:0 6px;border-radius:3px;background:#e8ecf4;margin-right:4px;font-size:12px}
#filter{margin:6px 0;padding:4px 6px;width:260px}
`;

const SCRIPT = `
(function(){
  var box=document.getElementById('filter'), failing=document.getElementById('failing');
  function apply(){
    var q=(box.value||'').toLowerCase();
    document.querySelectorAll('details.item').forEach(function(d){
      var hit=d.getAttribute('data-item').toLowerCase().indexOf(q)>=0;
      var bad=d.getAttribute('data-failing')==='true';
      d.hidden=!(hit&&(!failing.checked||bad));
    });
  }
  box.addEventListener('input',apply);failing.addEventListener('change',apply);
  document.querySelectorAll('[data-goto]').forEach(function(a){a.addEventListener('click',function(){
    var d=document.getElementById(a.getAttribute('data-goto'));if(d){d.open=true;d.scrollIntoView();}
  });});
  document.body.setAttribute('data-ready','true');
})();
`;

const pct = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '—' : `${(x * 100).toFixed(1)}%`);
const msText = (x: number) => (!Number.isFinite(x) ? '—' : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`);
const json = (v: unknown) => esc(typeof v === 'string' ? v : JSON.stringify(v, null, 2) ?? 'null');
const itemAnchor = (id: string) => `item-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** The matrix: a row per cell; metric means with CIs, pass figures, latency, tokens, cost, errors; regressions marked. */
function matrix(report: EvalReport): string {
  const k = report.matrix.repeats;
  const ks = Array.from({ length: k }, (_, i) => i + 1).filter((j) => j === 1 || j === k || j === 2);
  const regressed = new Set(report.comparison?.regressions.map((r) => `${r.cell}\u0000${r.figure}`) ?? []);
  const improved = new Set(report.comparison?.improvements.map((r) => `${r.cell}\u0000${r.figure}`) ?? []);
  const mark = (c: CellSummary, figure: string) => (regressed.has(`${c.key}\u0000${figure}`) ? ' regressed' : improved.has(`${c.key}\u0000${figure}`) ? ' improved' : '');
  const head = ['spec', 'runtime', 'llm', 'runs', ...report.metrics.map((m) => `${m}<br><small>mean [95% CI]</small>`), 'pass', ...ks.map((j) => `pass^${j}`), ...(k > 1 ? [`pass@${k}`] : []), 'latency<br><small>mean ± std</small>', 'p50 / p95', 'tokens<br><small>in / out</small>', 'cost', 'errors'];
  const rows = report.cells.map((c) => `<tr data-cell="${esc(c.key)}"><td>${esc(c.spec)}</td><td>${esc(c.runtime)}</td><td>${esc(c.llm)}</td><td class="num">${c.runs}</td>`
    + report.metrics.map((m) => {
      const s = c.metrics[m];
      return `<td class="num metric${mark(c, `metric:${m}`)}" data-metric="${esc(m)}">${pct(s?.mean)}${s && c.items > 1 ? ` <small>[${pct(s.ci95[0])}, ${pct(s.ci95[1])}]</small>` : ''}</td>`;
    }).join('')
    + `<td class="num${mark(c, 'passRate')}">${pct(c.passRate)}</td>`
    + ks.map((j) => `<td class="num${mark(c, `pass^${j}`)}">${pct(c.passHatK[j])}</td>`).join('')
    + (k > 1 ? `<td class="num">${pct(c.passAtK[k])}</td>` : '')
    + `<td class="num">${msText(c.latencyMs.mean)} ± ${msText(c.latencyMs.std)}</td><td class="num">${msText(c.latencyMs.p50)} / ${msText(c.latencyMs.p95)}</td>`
    + `<td class="num">${c.tokens.runsWithUsage > 0 ? `${c.tokens.input} / ${c.tokens.output}${c.tokens.runsWithUsage < c.runs ? ` <small>(${c.tokens.runsWithUsage} runs)</small>` : ''}` : '—'}</td>`
    + `<td class="num">${c.cost === null ? '—' : `$${c.cost.toFixed(4)}`}</td>`
    + `<td class="${Object.keys(c.errors).length ? 'err' : ''}${mark(c, 'errors')}">${Object.entries(c.errors).map(([code, n]) => `${esc(code)} × ${n}`).join('<br>') || '0'}</td></tr>`);
  return `<table class="matrix"><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function comparison(report: EvalReport): string {
  const c = report.comparison;
  if (!c) return '';
  if (c.regressions.length === 0) return `<div class="banner good" id="comparison">No regression against ${esc(c.baseline.name)} (${esc(c.baseline.created)}); ${c.improvements.length} improvement(s).</div>`;
  const items = c.regressions.map((r) => `<li>${esc(r.cell)}: <b>${esc(r.figure)}</b> ${r.baseline} → ${r.current}</li>`).join('');
  const worse = c.itemsWorse.map((i) => `<li><a href="#${itemAnchor(i.itemId)}" data-goto="${itemAnchor(i.itemId)}">${esc(i.itemId)}</a> (${esc(i.cell)}): passed ${pct(i.baseline)} → ${pct(i.current)}</li>`).join('');
  return `<div class="banner bad" id="comparison"><b>${c.regressions.length} regression(s)</b> against ${esc(c.baseline.name)} (${esc(c.baseline.created)}), tolerance ${c.tolerance}:<ul>${items}</ul>${worse ? `Items that got worse:<ul>${worse}</ul>` : ''}</div>`;
}

/** One run in the drill-down: verdict, answer, metric scores and details, the trajectory and the steps. */
function runBlock(r: TaskResult, metrics: readonly string[]): string {
  const cls = r.error ? 'error' : r.pass ? 'ok' : 'no';
  const verdict = r.error ? `<span class="err">error ${esc(r.error.code)}</span>` : r.pass ? '<span class="pass">pass</span>' : '<span class="fail">fail</span>';
  const scores = metrics.map((m) => {
    const s = r.metrics[m];
    return `<tr><td>${esc(m)}</td><td class="num">${s ? s.score.toFixed(3) : '—'}</td><td>${s?.pass ? 'pass' : 'fail'}</td><td>${s?.error ? `<span class="err">${esc(s.error)}</span>` : ''}${s?.details ? `<pre>${json(s.details)}</pre>` : ''}</td></tr>`;
  }).join('');
  const trajectory = r.trajectory.length === 0 ? '<p><i>no tool call</i></p>'
    : `<ol class="trajectory">${r.trajectory.map((t) => `<li><span class="tag">tool</span> <b>${esc(t.tool)}</b>(${esc(JSON.stringify(t.args))})${t.result !== undefined ? ` → ${esc(typeof t.result === 'string' ? t.result : JSON.stringify(t.result))}` : ''}${t.error ? ` <span class="err">${esc(t.error)}</span>` : ''}</li>`).join('')}</ol>`;
  const steps = r.steps.length === 0 ? '' : `<details class="steps-box"><summary>${r.steps.length} traced step(s)</summary><ol class="steps">${r.steps.map((s) => `<li><span class="tag">${s.kind}</span> ${esc(s.name)} <small>at ${s.at} ms, ${s.ms} ms</small>${s.output !== undefined ? `<pre>${json(s.output)}</pre>` : ''}${s.error ? `<span class="err">${esc(s.error)}</span>` : ''}</li>`).join('')}</ol></details>`;
  const conversation = r.messages.length === 0 ? '' : `<details><summary>conversation (${r.messages.length} messages)</summary><pre>${esc(r.messages.map((m) => `${m.role}: ${m.content}${m.toolCalls?.length ? ` → ${m.toolCalls.map((c) => `${c.name}(${JSON.stringify(c.args)})`).join(', ')}` : ''}`).join('\n'))}</pre></details>`;
  return `<div class="run ${cls}" data-runtime="${esc(r.runtime)}" data-repeat="${r.repeat}"><div><b>${esc(r.runtime)}</b> · ${esc(r.llm)}${r.spec ? ` · ${esc(r.spec)}` : ''} · repeat ${r.repeat} — ${verdict} <small>${msText(r.latencyMs)}, ${r.attempts} attempt(s), ${r.llmCalls} LLM call(s), ${esc(r.worker)}</small></div>`
    + (r.error ? `<pre class="err">${esc(r.error.message)}</pre>` : '')
    + `<div>answer:</div><pre class="answer">${json(r.answer)}</pre>`
    + `<table class="scores"><tr><th>metric</th><th>score</th><th></th><th>details</th></tr>${scores}</table>`
    + `<div>trajectory:</div>${trajectory}${steps}${conversation}</div>`;
}

/** The drill-down: per item its inputs and expectations, then every run of it in every cell. */
function drilldown(report: EvalReport): string {
  return report.items.map((item) => {
    const runs = report.results.filter((r) => r.itemId === item.id);
    const passed = runs.filter((r) => r.pass).length;
    const failing = passed < runs.length;
    const worse = report.comparison?.itemsWorse.some((i) => i.itemId === item.id) ?? false;
    return `<details class="item" id="${itemAnchor(item.id)}" data-item="${esc(item.id)}" data-failing="${failing}"><summary><b>${esc(item.id)}</b> — passed ${passed}/${runs.length}${worse ? ' <span class="regressed">worse than baseline</span>' : ''}</summary><div class="item-body">`
      + (item.messages ? `<div>user messages:</div><pre>${esc(item.messages.join('\n'))}</pre>` : '')
      + (item.inputs ? `<div>inputs:</div><pre>${json(item.inputs)}</pre>` : '')
      + (item.expected !== undefined ? `<div>expected:</div><pre class="expected">${json(item.expected)}</pre>` : '')
      + (item.trajectory ? `<div>expected trajectory:</div><pre>${esc(item.trajectory.map((t) => `${t.tool}(${t.args ? JSON.stringify(t.args) : '…'})`).join('\n'))}</pre>` : '')
      + runs.map((r) => runBlock(r, report.metrics)).join('')
      + '</div></details>';
  }).join('');
}

/**
 * report.html: one self-contained page (inline style, script and SVG; it
 * fetches nothing) with the matrix, a chart per metric, the latency
 * distributions, the comparison with a baseline, and per item a drill-down
 * into every run: answer vs expected, metric details, trajectory, steps.
 */
export function reportHtml(report: EvalReport): string {
  const charts = [...report.metrics.map((m) => scoreChart(m, report.cells)), latencyChart(report.cells, report.results)].join('');
  const title = `agentspec eval — ${report.name}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body data-ready="false">
<h1>${esc(title)}</h1>
<div class="meta">dataset ${esc(report.dataset.name)} (${report.dataset.items} items, ${esc(report.dataset.hash)}) · ${report.matrix.specs.length} spec(s) × ${report.matrix.runtimes.length} runtime(s) × ${report.matrix.llms.length} LLM config(s) × ${report.matrix.repeats} repeat(s) · ${report.results.length} runs · ${esc(report.created)}${report.passMetric ? ` · pass = ${esc(report.passMetric)}` : ' · pass = every metric'}</div>
${comparison(report)}
<h2>Matrix</h2>
${matrix(report)}
<h2>Charts</h2>
<div class="charts">${charts}</div>
<h2>Items</h2>
<input id="filter" type="search" placeholder="filter items by id" aria-label="filter items"> <label><input id="failing" type="checkbox"> only items that did not always pass</label>
<div class="items">${drilldown(report)}</div>
<script>${SCRIPT}</script>
</body></html>
`;
}
