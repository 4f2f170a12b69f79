/**
 * The playground's script, as text: a small AG-UI client over fetch and
 * server-sent events (no library, nothing fetched but the server's own
 * endpoints), rendering streamed text, tool calls, approvals, user-input
 * requests and the current node of the flow's graph. With several runtimes
 * served it shows them side by side by default: one column per runtime, each
 * its own AG-UI thread, every message sent to all of them, and the columns
 * whose replies or tool calls differ from the first column's marked; or one
 * runtime at a time (the switcher). Each thread links to its trace view.
 */
export const PLAYGROUND_SCRIPT = String.raw`
(function () {
  var cfg = JSON.parse(document.getElementById('agentspec-config').textContent);
  var token = new URLSearchParams(location.search).get('token');
  var $ = function (id) { return document.getElementById(id); };
  var uid = function () { return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random()).replace(/[^a-z0-9-]/gi, ''); };
  var ALL = '*';
  var threads = {};
  var columns = [];
  var mode = cfg.runtimes.length > 1 ? ALL : cfg.runtimes[0];
  var running = 0;

  function thread(rt) {
    if (!threads[rt]) threads[rt] = { id: 'playground-' + rt + '-' + uid(), runtime: rt, messages: [], started: false, pending: null, log: [], turn: null };
    return threads[rt];
  }

  function shown() { return mode === ALL ? cfg.runtimes : [mode]; }

  function column(rt) { return columns.filter(function (c) { return c.runtime === rt; })[0]; }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function add(rt, node) {
    thread(rt).log.push(node);
    var c = column(rt);
    if (c) {
      c.log.appendChild(node);
      c.log.scrollTop = c.log.scrollHeight;
    }
    return node;
  }

  function traceHref(t) { return 'traces/' + encodeURIComponent(t.id) + '/view' + (token ? '?token=' + encodeURIComponent(token) : ''); }

  function traceLink(t) {
    var a = el('a', 'trace-link', 'trace');
    a.href = traceHref(t);
    a.target = '_blank';
    a.rel = 'noopener';
    if (!t.started) a.style.visibility = 'hidden';
    return a;
  }

  /** Lay out the columns of the runtimes shown (one, or all side by side). */
  function layout() {
    var box = $('columns');
    box.innerHTML = '';
    box.className = mode === ALL ? 'columns side-by-side' : 'columns';
    columns = shown().map(function (rt) {
      var t = thread(rt);
      var col = el('div', 'column');
      col.setAttribute('data-runtime', rt);
      var head = el('div', 'column-head');
      head.appendChild(el('span', 'column-name', rt));
      var note = el('span', 'diff-note', '');
      head.appendChild(note);
      if (cfg.traces) head.appendChild(traceLink(t));
      if (mode !== ALL) head.style.display = cfg.traces ? '' : 'none';
      var log = el('div', 'log');
      var pending = el('div', 'pending');
      if (mode !== ALL) { log.id = 'log'; pending.id = 'pending'; }
      col.appendChild(head);
      col.appendChild(log);
      col.appendChild(pending);
      box.appendChild(col);
      t.log.forEach(function (n) { log.appendChild(n); });
      return { runtime: rt, col: col, log: log, pending: pending, note: note };
    });
    document.body.classList.toggle('compare', mode === ALL);
    $('thread').textContent = mode === ALL ? cfg.runtimes.length + ' threads, one per runtime' : thread(mode).id;
    $('thread').title = shown().map(function (rt) { return thread(rt).id; }).join('\n');
    columns.forEach(function (c) { renderPending(c.runtime); });
    if (mode === ALL) compare();
  }

  function setBusy() {
    $('send').disabled = running > 0;
    document.body.setAttribute('data-busy', running > 0 ? 'true' : 'false');
  }

  function status(text) { $('status').textContent = text; }

  function highlight(id) {
    var graph = $('graph');
    if (!graph) return;
    graph.querySelectorAll('g.node.current').forEach(function (g) { g.classList.remove('current'); });
    if (!id) return;
    var g = graph.querySelector('g.node[id="' + id.replace(/"/g, '') + '"]');
    if (g) g.classList.add('current');
  }

  function renderPending(rt) {
    var c = column(rt);
    if (!c) return;
    c.pending.innerHTML = '';
    var p = thread(rt).pending;
    if (!p) return;
    p.interrupts.forEach(function (i) {
      var card = el('div', 'interrupt ' + i.reason);
      card.appendChild(el('div', 'interrupt-message', i.message || i.reason));
      if (i.reason === 'tool_confirmation') {
        var yes = el('button', 'approve', 'Approve');
        var no = el('button', 'reject', 'Reject');
        yes.onclick = function () { decide(rt, true); };
        no.onclick = function () { decide(rt, false); };
        card.appendChild(yes);
        card.appendChild(no);
      } else {
        card.appendChild(el('div', 'hint', 'Answer in the message box below.'));
      }
      c.pending.appendChild(card);
    });
  }

  function decide(rt, approved) {
    var p = thread(rt).pending;
    if (!p || thread(rt).busy) return;
    add(rt, el('div', 'decision', approved ? 'Approved' : 'Rejected'));
    run(rt, { resume: p.interrupts.filter(function (i) { return i.reason === 'tool_confirmation'; }).map(function (i) {
      return { interruptId: i.id, status: 'resolved', payload: { approved: approved } };
    }) });
  }

  function send() {
    var text = $('input').value.trim();
    if (running > 0) return;
    var targets = shown().filter(function (rt) { return text !== '' || !thread(rt).started; });
    if (targets.length === 0) return;
    $('input').value = '';
    targets.forEach(function (rt) {
      var t = thread(rt);
      var extra = {};
      if (text !== '') {
        add(rt, el('div', 'msg user', text));
        var input = t.pending && t.pending.interrupts.filter(function (i) { return i.reason === 'input_required'; })[0];
        if (input) extra.resume = [{ interruptId: input.id, status: 'resolved', payload: text }];
        else t.messages.push({ id: uid(), role: 'user', content: text });
      }
      run(rt, extra);
    });
  }

  function handle(rt, e, cur) {
    var t = thread(rt);
    var lead = rt === shown()[0];
    switch (e.type) {
      case 'TEXT_MESSAGE_START':
        cur.text[e.messageId] = add(rt, el('div', 'msg assistant', ''));
        break;
      case 'TEXT_MESSAGE_CONTENT':
        var bubble = cur.text[e.messageId];
        if (bubble) {
          bubble.textContent += e.delta;
          bubble.setAttribute('data-deltas', String(Number(bubble.getAttribute('data-deltas') || 0) + 1));
        }
        break;
      case 'TEXT_MESSAGE_END':
        if (cur.text[e.messageId]) {
          t.messages.push({ id: e.messageId, role: 'assistant', content: cur.text[e.messageId].textContent });
          t.turn.replies.push(cur.text[e.messageId]);
        }
        break;
      case 'TOOL_CALL_START':
        var card = add(rt, el('div', 'tool'));
        card.appendChild(el('span', 'tool-name', e.toolCallName));
        card.appendChild(el('code', 'tool-args', ''));
        card.appendChild(el('div', 'tool-result', ''));
        cur.tools[e.toolCallId] = card;
        t.turn.tools.push(card);
        break;
      case 'TOOL_CALL_ARGS':
        if (cur.tools[e.toolCallId]) cur.tools[e.toolCallId].querySelector('.tool-args').textContent += e.delta;
        break;
      case 'TOOL_CALL_RESULT':
        var c = cur.tools[e.toolCallId];
        if (c) c.querySelector('.tool-result').textContent = '→ ' + e.content;
        break;
      case 'STEP_STARTED':
        if (lead) status('running ' + e.stepName);
        break;
      case 'STATE_SNAPSHOT':
        if (!lead) break;
        highlight(e.snapshot && e.snapshot.graphNodeId);
        if (e.snapshot && e.snapshot.phase === 'finished') highlight(null);
        break;
      case 'RUN_FINISHED':
        var o = e.outcome || { type: 'success' };
        t.pending = o.type === 'interrupt' ? { interrupts: o.interrupts } : null;
        if (e.result && e.result.outputs) t.turn.outputs = add(rt, el('div', 'outputs', 'outputs: ' + JSON.stringify(e.result.outputs)));
        if (o.pendingToolCallIds && o.pendingToolCallIds.length) add(rt, el('div', 'error', 'The agent called client tools this page does not run: ' + o.pendingToolCallIds.join(', ')));
        t.turn.end = o.type === 'interrupt' ? 'interrupt' : e.result && e.result.outputs ? 'finished' : 'reply';
        if (lead) status(o.type === 'interrupt' ? 'waiting for you' : e.result && e.result.outputs ? 'finished' : 'your turn');
        break;
      case 'RUN_ERROR':
        t.turn.error = add(rt, el('div', 'error', (e.code ? e.code + ': ' : '') + e.message));
        t.turn.end = 'error ' + (e.code || '');
        if (lead) status('failed');
        break;
    }
  }

  /** What a turn of a column said and did, to compare across columns. */
  function summary(turn) {
    if (!turn) return null;
    return {
      reply: turn.replies.map(function (b) { return b.textContent; }).join('\n'),
      tools: turn.tools.map(function (c) { return c.querySelector('.tool-name').textContent + ' ' + c.querySelector('.tool-args').textContent; }).join('\n'),
      end: turn.end || '',
    };
  }

  /** Side by side: mark the columns whose last turn's replies or tool calls differ from the first column's. */
  function compare() {
    if (mode !== ALL || running > 0) return;
    var base = summary(thread(cfg.runtimes[0]).turn);
    columns.forEach(function (c, i) {
      var turn = thread(c.runtime).turn;
      var s = summary(turn);
      var what = [];
      if (i > 0 && base && s) {
        if (s.reply !== base.reply) what.push('reply');
        if (s.tools !== base.tools) what.push('tool calls');
        if (s.end !== base.end) what.push('outcome');
      }
      c.col.classList.toggle('differs', what.length > 0);
      c.col.setAttribute('data-differs', what.join(','));
      c.note.textContent = what.length > 0 ? 'differs from ' + cfg.runtimes[0] + ': ' + what.join(', ') : i > 0 && s ? 'same as ' + cfg.runtimes[0] : '';
      if (turn) {
        turn.replies.forEach(function (b) { b.classList.toggle('differs', what.indexOf('reply') >= 0); });
        turn.tools.forEach(function (b) { b.classList.toggle('differs', what.indexOf('tool calls') >= 0); });
      }
    });
  }

  function run(rt, extra) {
    var t = thread(rt);
    var body = Object.assign({
      threadId: t.id, runId: uid(), messages: t.messages, tools: [], context: [], state: {},
      forwardedProps: Object.assign({ runtime: rt }, !t.started && cfg.isFlow ? { inputs: readInputs(rt) } : {}),
    }, extra);
    t.started = true;
    t.pending = null;
    t.busy = true;
    t.turn = { replies: [], tools: [], end: null };
    var c = column(rt);
    if (c) c.col.querySelectorAll('.trace-link').forEach(function (a) { a.style.visibility = ''; });
    renderPending(rt);
    running++;
    setBusy();
    if (rt === shown()[0]) status('running');
    var headers = { 'content-type': 'application/json', accept: 'text/event-stream' };
    if (token) headers.authorization = 'Bearer ' + token;
    var cur = { text: {}, tools: {} };
    return fetch('ag-ui', { method: 'POST', headers: headers, body: JSON.stringify(body) }).then(function (res) {
      if (!res.ok) return res.json().then(function (j) { handle(rt, { type: 'RUN_ERROR', code: j.error && j.error.code, message: (j.error && j.error.message) || res.statusText }, cur); });
      var reader = res.body.getReader();
      var decoder = new TextDecoder();
      var buffer = '';
      function pump() {
        return reader.read().then(function (r) {
          if (r.done) return;
          buffer += decoder.decode(r.value, { stream: true });
          var blocks = buffer.split('\n\n');
          buffer = blocks.pop();
          blocks.forEach(function (b) {
            var data = b.split('\n').filter(function (l) { return l.indexOf('data:') === 0; }).map(function (l) { return l.slice(5).trim(); }).join('\n');
            if (data) handle(rt, JSON.parse(data), cur);
          });
          return pump();
        });
      }
      return pump();
    }).catch(function (err) {
      handle(rt, { type: 'RUN_ERROR', message: String(err) }, cur);
    }).then(function () {
      t.busy = false;
      running--;
      setBusy();
      renderPending(rt);
      compare();
    });
  }

  function readInputs(rt) {
    var text = $('inputs') ? $('inputs').value.trim() : '';
    if (text === '') return {};
    try { return JSON.parse(text); } catch (e) { add(rt, el('div', 'error', 'inputs are not JSON: ' + e.message)); return {}; }
  }

  var select = $('runtime');
  if (cfg.runtimes.length > 1) { var all = el('option', '', 'all, side by side'); all.value = ALL; select.appendChild(all); }
  cfg.runtimes.forEach(function (r) { var o = el('option', '', r); o.value = r; select.appendChild(o); });
  select.value = mode;
  select.onchange = function () { mode = select.value; highlight(null); layout(); };
  if (cfg.runtimes.length < 2) select.parentNode.style.display = 'none';
  $('send').onclick = send;
  $('input').addEventListener('keydown', function (e) { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); send(); } });
  $('new').onclick = function () { if (running > 0) return; shown().forEach(function (rt) { delete threads[rt]; }); highlight(null); layout(); status('new thread'); };
  layout();
  setBusy();
  document.body.setAttribute('data-ready', 'true');
})();
`;
