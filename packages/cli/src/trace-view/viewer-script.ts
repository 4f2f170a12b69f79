/**
 * The viewer page's script (inlined: the page loads nothing). It reads the
 * traces from the page's JSON block and builds the DOM with textContent
 * only, so nothing in a trace (an LLM answer holding markup) becomes markup.
 */
export const VIEWER_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('trace-data').textContent);
  var KIND = {
    FlowExecutionSpan: ['flow', 'flow'], NodeExecutionSpan: ['node', 'node'], AgentExecutionSpan: ['agent', 'agent'],
    LlmGenerationSpan: ['llm', 'LLM'], ToolExecutionSpan: ['tool', 'tool'],
    SwarmExecutionSpan: ['agent', 'swarm'], ManagerWorkersExecutionSpan: ['agent', 'manager-workers']
  };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function duration(ns) {
    var v = ns / 1e6;
    return v < 1000 ? (Math.round(v * 10) / 10) + ' ms' : (Math.round(v / 10) / 100) + ' s';
  }
  function pretty(v) {
    if (typeof v === 'string') return v;
    try { return JSON.stringify(v, null, 2); } catch (e) { return String(v); }
  }
  function isSet(v) { return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0); }
  function first() { for (var i = 0; i < arguments.length; i++) if (typeof arguments[i] === 'number') return arguments[i]; return undefined; }
  function usage(span) {
    var u = span.endAttributes && span.endAttributes.usage;
    if (!u || typeof u !== 'object') return null;
    var input = first(u.promptTokens, u.inputTokens, u.prompt_tokens, u.input_tokens);
    var output = first(u.completionTokens, u.outputTokens, u.completion_tokens, u.output_tokens);
    if (input === undefined && output === undefined) return null;
    return { input: input || 0, output: output || 0 };
  }
  function messagesText(list) {
    if (!Array.isArray(list)) return pretty(list);
    return list.map(function (m) {
      if (!m || typeof m !== 'object') return String(m);
      var calls = m.toolCalls || m.tool_calls;
      var text = (m.role || '?') + (m.sender ? ' (' + m.sender + ')' : '') + ': ' + (typeof m.content === 'string' ? m.content : pretty(m.content));
      if (Array.isArray(calls) && calls.length) text += '\n  → ' + calls.map(function (c) { return c.name + '(' + (typeof c.arguments === 'string' ? c.arguments : pretty(c.args || c.arguments || {})) + ')'; }).join('\n  → ');
      return text;
    }).join('\n');
  }
  function callsText(calls) {
    if (!Array.isArray(calls) || !calls.length) return undefined;
    return calls.map(function (c) {
      var args = typeof c.arguments === 'string' ? c.arguments : pretty(c.args || c.arguments || {});
      return (c.name || c.tool_name || '?') + '(' + args + ')' + (c.id ? '   ' + c.id : '');
    }).join('\n');
  }
  function inputsOf(span) {
    var a = span.attributes || {};
    if (span.kind === 'LlmGenerationSpan') return [['Prompt', isSet(a.prompt) ? messagesText(a.prompt) : undefined], ['Tools', a.tools], ['Generation parameters', a.llm_generation_config]];
    if (span.kind === 'ToolExecutionSpan') return [['Arguments', a.inputs], ['Tool call id', a.tool_call_id], ['URL', a.url]];
    return [['Inputs', a.inputs]];
  }
  function outputsOf(span) {
    var e = span.endAttributes;
    if (!e) return [];
    if (span.kind === 'LlmGenerationSpan') return [['Answer', e.content], ['Tool calls', callsText(e.tool_calls || e.toolCalls)]];
    if (span.kind === 'ToolExecutionSpan') return [['Result', e.outputs]];
    return [['Outputs', e.outputs], ['Branch', e.branch || e.branch_selected]];
  }
  function eventText(ev, start) {
    var a = ev.attributes || {};
    var what = ev.type;
    if (ev.type === 'ConversationMessageAdded' && a.message) what = 'message ' + messagesText([a.message]);
    else if (ev.type === 'LlmGenerationStreamingChunkReceived') what = 'chunk ' + JSON.stringify(a.content);
    else if (ev.type === 'ExceptionRaised') what = 'exception ' + (a.code || a.exception_type || '') + ': ' + (a.message || a.exception_message || '');
    else if (ev.type === 'ToolConfirmationResponse') what = 'confirmation of ' + ev.name + ': ' + a.decision + (a.reason ? ' (' + a.reason + ')' : '');
    else what = ev.type + ' ' + ev.name;
    return '+' + duration(ev.timestamp - start) + '  ' + what;
  }
  function section(box, title, value, cls) {
    if (!isSet(value)) return;
    box.appendChild(el('h3', null, title));
    box.appendChild(el('pre', cls || null, pretty(value)));
  }

  function details(span) {
    var box = el('div', 'details');
    box.hidden = true;
    box.setAttribute('data-details-of', span.id);
    if (span.error) section(box, 'Error', span.error.code + ': ' + span.error.message, 'error-text');
    inputsOf(span).forEach(function (p) { section(box, p[0], p[1]); });
    outputsOf(span).forEach(function (p) { section(box, p[0], p[1]); });
    var u = usage(span);
    if (u) section(box, 'Tokens', 'input ' + u.input + ', output ' + u.output + ', total ' + (u.input + u.output));
    var events = (span.events || []).filter(function (e) { return e.type !== 'LlmGenerationStreamingChunkReceived'; });
    var chunks = (span.events || []).length - events.length;
    if (events.length || chunks) {
      box.appendChild(el('h3', null, 'Events'));
      var ul = el('ul', 'events');
      events.forEach(function (e) { ul.appendChild(el('li', null, eventText(e, span.start))); });
      if (chunks) ul.appendChild(el('li', null, chunks + ' streamed chunk' + (chunks > 1 ? 's' : '')));
      box.appendChild(ul);
    }
    section(box, 'Span', { id: span.id, kind: span.kind, component: span.componentId, run: span.run, status: span.status, start: span.start, end: span.end });
    return box;
  }

  function renderSpan(span, ctx, depth) {
    var kind = KIND[span.kind] || ['node', span.kind];
    var wrap = el('div', 'span');
    wrap.setAttribute('data-span-id', span.id);
    wrap.setAttribute('data-kind', span.kind);
    var row = el('div', 'row');
    if (ctx.differing[span.id]) row.classList.add('differs');
    var cell = el('div', 'cell');
    cell.style.paddingLeft = (6 + depth * 14) + 'px';
    var kids = ctx.children[span.id] || [];
    var twisty = el('button', 'twisty' + (kids.length ? '' : ' leaf'), '▾');
    twisty.type = 'button';
    twisty.setAttribute('aria-label', 'children');
    twisty.setAttribute('aria-expanded', 'true');
    var label = el('button', 'label');
    label.type = 'button';
    label.setAttribute('aria-expanded', 'false');
    label.appendChild(el('span', 'kind ' + kind[0], kind[1]));
    label.appendChild(el('span', 'name', span.name));
    label.appendChild(el('span', 'dur', duration(span.end - span.start)));
    var u = usage(span);
    if (u) label.appendChild(el('span', 'tok', (u.input + u.output) + ' tok'));
    if (span.status !== 'ok') label.appendChild(el('span', 'status ' + span.status, span.status));
    if (ctx.differing[span.id]) {
      var mark = el('span', 'diffmark', '≠');
      mark.title = ctx.diffTitle;
      label.appendChild(mark);
    }
    label.title = span.kind + ' ' + span.name + (span.componentId ? ' (' + span.componentId + ')' : '');
    cell.appendChild(twisty);
    cell.appendChild(label);
    var track = el('div', 'track');
    var bar = el('div', 'bar ' + kind[0] + (span.status === 'error' ? ' error' : ''));
    var total = Math.max(1, ctx.end - ctx.start);
    bar.style.left = (100 * (span.start - ctx.start) / total) + '%';
    bar.style.width = Math.max(0.3, 100 * (span.end - span.start) / total) + '%';
    track.appendChild(bar);
    row.appendChild(cell);
    row.appendChild(track);
    wrap.appendChild(row);
    var box = details(span);
    wrap.appendChild(box);
    var children = el('div', 'children');
    kids.forEach(function (k) { children.appendChild(renderSpan(k, ctx, depth + 1)); });
    wrap.appendChild(children);
    label.addEventListener('click', function () {
      box.hidden = !box.hidden;
      label.setAttribute('aria-expanded', String(!box.hidden));
    });
    twisty.addEventListener('click', function () {
      children.hidden = !children.hidden;
      twisty.setAttribute('aria-expanded', String(!children.hidden));
    });
    return wrap;
  }

  function renderTrace(entry, index) {
    var t = entry.trace;
    var col = el('section', 'trace');
    col.setAttribute('data-trace', entry.label);
    var head = el('header');
    head.appendChild(el('h2', null, entry.label));
    var meta = el('div', 'meta');
    var tokens = 0;
    t.spans.forEach(function (s) { var u = usage(s); if (u) tokens += u.input + u.output; });
    meta.appendChild(el('span', null, t.name));
    meta.appendChild(el('span', null, t.spans.length + ' spans'));
    meta.appendChild(el('span', null, duration(t.end - t.start)));
    if (tokens) meta.appendChild(el('span', null, tokens + ' tokens'));
    head.appendChild(meta);
    col.appendChild(head);
    if (t.runs.length) {
      col.appendChild(el('div', 'runs', 'runs: ' + t.runs.map(function (r) { return r.status + (r.error ? ' (' + r.error.code + ')' : ''); }).join(' → ')));
    }
    if (t.events.length) {
      var d = el('details', 'trace-events');
      d.appendChild(el('summary', null, t.events.length + ' event' + (t.events.length > 1 ? 's' : '') + ' outside any span'));
      var ul = el('ul', 'events');
      t.events.forEach(function (e) { ul.appendChild(el('li', null, eventText(e, t.start))); });
      d.appendChild(ul);
      col.appendChild(d);
    }
    var children = {};
    var roots = [];
    var known = {};
    t.spans.forEach(function (s) { known[s.id] = true; });
    t.spans.forEach(function (s) {
      if (s.parentId !== null && known[s.parentId]) (children[s.parentId] = children[s.parentId] || []).push(s);
      else roots.push(s);
    });
    var differing = {};
    ((data.differing && data.differing[index]) || []).forEach(function (id) { differing[id] = true; });
    var base = data.traces[0].label;
    var ctx = {
      children: children, differing: differing, start: t.start, end: t.end,
      diffTitle: index === 0 ? 'another trace has no counterpart of this span' : base + ' has no counterpart of this span'
    };
    var timeline = el('div', 'timeline');
    if (!roots.length) timeline.appendChild(el('div', 'empty', 'no spans'));
    roots.forEach(function (s) { timeline.appendChild(renderSpan(s, ctx, 0)); });
    col.appendChild(timeline);
    return col;
  }

  var main = document.getElementById('traces');
  main.style.gridTemplateColumns = 'repeat(' + data.traces.length + ', minmax(420px, 1fr))';
  data.traces.forEach(function (entry, i) { main.appendChild(renderTrace(entry, i)); });
  if (data.traces.length > 1) {
    var cmp = document.getElementById('comparison');
    cmp.hidden = false;
    if (!data.differences.length) {
      cmp.className = 'comparison same';
      cmp.textContent = 'The span trees are the same (kinds, names, component ids, nesting).';
    } else {
      cmp.className = 'comparison differ';
      cmp.appendChild(el('strong', null, 'The span trees differ from ' + data.traces[0].label + "'s in " + data.differences.length + ' place' + (data.differences.length > 1 ? 's' : '') + ' (marked ≠):'));
      var list = el('ul');
      data.differences.forEach(function (d) { list.appendChild(el('li', null, d)); });
      cmp.appendChild(list);
    }
  }
  function setAll(open) {
    Array.prototype.forEach.call(document.querySelectorAll('.details'), function (b) { b.hidden = !open; });
    Array.prototype.forEach.call(document.querySelectorAll('.label'), function (l) { l.setAttribute('aria-expanded', String(open)); });
  }
  document.getElementById('open-all').addEventListener('click', function () { setAll(true); });
  document.getElementById('close-all').addEventListener('click', function () { setAll(false); });
  document.body.setAttribute('data-ready', 'true');
})();
`;
