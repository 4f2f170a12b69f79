import type { CellSummary } from '../run/aggregate.js';
import type { TaskResult } from '../run/score-run.js';

/** Text for HTML (content and attributes). */
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const COLORS = ['#3b6ea8', '#c0703a', '#4a9a5b', '#8e5ba8', '#b0a13a', '#3aa3a8', '#a83a5b', '#6b6b6b'];

/** A bar chart (inline SVG) of one metric's mean per cell, with its 95% CI as a whisker; values in [0, 1]. */
export function scoreChart(metric: string, cells: readonly CellSummary[]): string {
  const bar = 26;
  const gap = 8;
  const left = 230;
  const width = 560;
  const plot = width - left - 50;
  const height = cells.length * (bar + gap) + 30;
  const rows = cells.map((c, i) => {
    const m = c.metrics[metric];
    const y = 10 + i * (bar + gap);
    const value = m && Number.isFinite(m.mean) ? m.mean : 0;
    const [lo, hi] = m ? m.ci95 : [0, 0];
    const x = (v: number) => left + Math.max(0, Math.min(1, v)) * plot;
    return `<g class="bar" data-cell="${esc(c.key)}"><title>${esc(`${c.key}: ${metric} ${(value * 100).toFixed(1)}% (95% CI ${(lo * 100).toFixed(1)}–${(hi * 100).toFixed(1)})`)}</title>`
      + `<text x="${left - 6}" y="${y + bar / 2 + 4}" text-anchor="end">${esc(`${c.runtime} · ${c.llm}${cellsHaveSpecs(cells) ? ` · ${c.spec}` : ''}`)}</text>`
      + `<rect x="${left}" y="${y}" width="${(x(value) - left).toFixed(1)}" height="${bar}" fill="${COLORS[i % COLORS.length]}"/>`
      + (c.runs > 1 ? `<line x1="${x(lo).toFixed(1)}" x2="${x(hi).toFixed(1)}" y1="${y + bar / 2}" y2="${y + bar / 2}" class="ci"/>` : '')
      + `<text x="${x(value) + 4}" y="${y + bar / 2 + 4}" class="value">${(value * 100).toFixed(1)}%</text></g>`;
  });
  const axis = [0, 0.5, 1].map((t) => `<line x1="${left + t * plot}" x2="${left + t * plot}" y1="5" y2="${height - 20}" class="grid"/><text x="${left + t * plot}" y="${height - 6}" text-anchor="middle" class="tick">${t * 100}%</text>`);
  return `<figure class="chart"><figcaption>${esc(metric)} per cell (mean, 95% CI)</figcaption><svg role="img" aria-label="${esc(metric)} per cell" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${axis.join('')}${rows.join('')}</svg></figure>`;
}

const cellsHaveSpecs = (cells: readonly CellSummary[]) => new Set(cells.map((c) => c.spec)).size > 1;

/** Latency distributions (inline SVG): every run a dot on a log-free linear axis, with the cell's p50 and p95 marked. */
export function latencyChart(cells: readonly CellSummary[], results: readonly TaskResult[]): string {
  const row = 28;
  const left = 230;
  const width = 560;
  const plot = width - left - 20;
  const height = cells.length * row + 34;
  const max = Math.max(1, ...results.map((r) => r.latencyMs));
  const x = (ms: number) => left + (ms / max) * plot;
  const rows = cells.map((c, i) => {
    const y = 14 + i * row;
    const mine = results.filter((r) => r.spec === c.spec && r.runtime === c.runtime && r.llm === c.llm);
    const dots = mine.map((r) => `<circle cx="${x(r.latencyMs).toFixed(1)}" cy="${y + ((r.repeat * 5) % 11) - 5}" r="3" class="${r.error ? 'dot error' : r.pass ? 'dot' : 'dot fail'}"><title>${esc(`${r.itemId} #${r.repeat}: ${r.latencyMs.toFixed(1)} ms`)}</title></circle>`);
    const marks = Number.isFinite(c.latencyMs.p50)
      ? `<line x1="${x(c.latencyMs.p50)}" x2="${x(c.latencyMs.p50)}" y1="${y - 9}" y2="${y + 9}" class="p50"/><line x1="${x(c.latencyMs.p95)}" x2="${x(c.latencyMs.p95)}" y1="${y - 9}" y2="${y + 9}" class="p95"/>`
      : '';
    return `<g class="latency" data-cell="${esc(c.key)}"><text x="${left - 6}" y="${y + 4}" text-anchor="end">${esc(`${c.runtime} · ${c.llm}${cellsHaveSpecs(cells) ? ` · ${c.spec}` : ''}`)}</text>${marks}${dots.join('')}</g>`;
  });
  const ticks = [0, 0.5, 1].map((t) => `<text x="${left + t * plot}" y="${height - 4}" text-anchor="middle" class="tick">${(t * max).toFixed(0)} ms</text>`);
  return `<figure class="chart"><figcaption>latency per run (dots; p50 and p95 marked)</figcaption><svg role="img" aria-label="latency per run" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${ticks.join('')}${rows.join('')}</svg></figure>`;
}
