/**
 * The playground's script, as text: a small AG-UI client over fetch and
 * server-sent events (no library, nothing fetched but the server's own
 * endpoints), rendering streamed text, tool calls, approvals, user-input
 * requests and the current node of the flow's graph.
 */
export const PLAYGROUND_SCRIPT = String.raw`
(function () {
  var cfg = JSON.parse(document.getElementById('agentspec-config').textContent);
  var token = new URLSearchParams(location.search).get('token');
  var $ = function (id) { return document.getElementById(id); };
  var uid = function () { return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random()).replace(/[^a-z0-9-]/gi, ''); };
  var threads = {};
  var runtime = cfg.runtimes[0];
  var busy = false;

  function thread() {
    if (!threads[runtime]) threads[runtime] = { id: 'playground-' + runtime + '-' + uid(), messages: [], started: false, pending: null, log: [] };
    return threads[runtime];
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function add(node) {
    thread().log.push(node);
    $('log').appendChild(node);
    $('log').scrollTop = $('log').scrollHeight;
    return node;
  }

  function showThread() {
    $('log').innerHTML = '';
    thread().log.forEach(function (n) { $('log').appendChild(n); });
    $('thread').textContent = thread().id;
    renderPending();
  }

  function setBusy(b) {
    busy = b;
    $('send').disabled = b;
    document.body.setAttribute('data-busy', b ? 'true' : 'false');
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

  function renderPending() {
    var box = $('pending');
    box.innerHTML = '';
    var p = thread().pending;
    if (!p) return;
    p.interrupts.forEach(function (i) {
      var card = el('div', 'interrupt ' + i.reason);
      card.appendChild(el('div', 'interrupt-message', i.message || i.reason));
      if (i.reason === 'tool_confirmation') {
        var yes = el('button', 'approve', 'Approve');
        var no = el('button', 'reject', 'Reject');
        yes.onclick = function () { decide(true); };
        no.onclick = function () { decide(false); };
        card.appendChild(yes);
        card.appendChild(no);
      } else {
        card.appendChild(el('div', 'hint', 'Answer in the message box below.'));
      }
      box.appendChild(card);
    });
  }

  function decide(approved) {
    var p = thread().pending;
    if (!p || busy) return;
    add(el('div', 'decision', approved ? 'Approved' : 'Rejected'));
    run({ resume: p.interrupts.filter(function (i) { return i.reason === 'tool_confirmation'; }).map(function (i) {
      return { interruptId: i.id, status: 'resolved', payload: { approved: approved } };
    }) });
  }

  function send() {
    var text = $('input').value.trim();
    var t = thread();
    if (busy) return;
    if (text === '' && t.started) return;
    $('input').value = '';
    var extra = {};
    if (text !== '') {
      add(el('div', 'msg user', text));
      var input = t.pending && t.pending.interrupts.filter(function (i) { return i.reason === 'input_required'; })[0];
      if (input) extra.resume = [{ interruptId: input.id, status: 'resolved', payload: text }];
      else t.messages.push({ id: uid(), role: 'user', content: text });
    }
    run(extra);
  }

  function handle(e, cur) {
    var t = thread();
    switch (e.type) {
      case 'TEXT_MESSAGE_START':
        cur.text[e.messageId] = add(el('div', 'msg assistant', ''));
        break;
      case 'TEXT_MESSAGE_CONTENT':
        var bubble = cur.text[e.messageId];
        if (bubble) {
          bubble.textContent += e.delta;
          bubble.setAttribute('data-deltas', String(Number(bubble.getAttribute('data-deltas') || 0) + 1));
        }
        break;
      case 'TEXT_MESSAGE_END':
        if (cur.text[e.messageId]) t.messages.push({ id: e.messageId, role: 'assistant', content: cur.text[e.messageId].textContent });
        break;
      case 'TOOL_CALL_START':
        var card = add(el('div', 'tool'));
        card.appendChild(el('span', 'tool-name', e.toolCallName));
        card.appendChild(el('code', 'tool-args', ''));
        card.appendChild(el('div', 'tool-result', ''));
        cur.tools[e.toolCallId] = card;
        break;
      case 'TOOL_CALL_ARGS':
        if (cur.tools[e.toolCallId]) cur.tools[e.toolCallId].querySelector('.tool-args').textContent += e.delta;
        break;
      case 'TOOL_CALL_RESULT':
        var c = cur.tools[e.toolCallId];
        if (c) c.querySelector('.tool-result').textContent = '→ ' + e.content;
        break;
      case 'STEP_STARTED':
        status('running ' + e.stepName);
        break;
      case 'STATE_SNAPSHOT':
        highlight(e.snapshot && e.snapshot.graphNodeId);
        if (e.snapshot && e.snapshot.phase === 'finished') highlight(null);
        break;
      case 'RUN_FINISHED':
        var o = e.outcome || { type: 'success' };
        t.pending = o.type === 'interrupt' ? { interrupts: o.interrupts } : null;
        if (e.result && e.result.outputs) add(el('div', 'outputs', 'outputs: ' + JSON.stringify(e.result.outputs)));
        if (o.pendingToolCallIds && o.pendingToolCallIds.length) add(el('div', 'error', 'The agent called client tools this page does not run: ' + o.pendingToolCallIds.join(', ')));
        status(o.type === 'interrupt' ? 'waiting for you' : e.result && e.result.outputs ? 'finished' : 'your turn');
        break;
      case 'RUN_ERROR':
        add(el('div', 'error', (e.code ? e.code + ': ' : '') + e.message));
        status('failed');
        break;
    }
  }

  function run(extra) {
    var t = thread();
    var body = Object.assign({
      threadId: t.id, runId: uid(), messages: t.messages, tools: [], context: [], state: {},
      forwardedProps: Object.assign({ runtime: runtime }, !t.started && cfg.isFlow ? { inputs: readInputs() } : {}),
    }, extra);
    t.started = true;
    t.pending = null;
    renderPending();
    setBusy(true);
    status('running');
    var headers = { 'content-type': 'application/json', accept: 'text/event-stream' };
    if (token) headers.authorization = 'Bearer ' + token;
    var cur = { text: {}, tools: {} };
    return fetch('ag-ui', { method: 'POST', headers: headers, body: JSON.stringify(body) }).then(function (res) {
      if (!res.ok) return res.json().then(function (j) { handle({ type: 'RUN_ERROR', code: j.error && j.error.code, message: (j.error && j.error.message) || res.statusText }, cur); });
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
            if (data) handle(JSON.parse(data), cur);
          });
          return pump();
        });
      }
      return pump();
    }).catch(function (err) {
      handle({ type: 'RUN_ERROR', message: String(err) }, cur);
    }).then(function () {
      setBusy(false);
      renderPending();
    });
  }

  function readInputs() {
    var text = $('inputs') ? $('inputs').value.trim() : '';
    if (text === '') return {};
    try { return JSON.parse(text); } catch (e) { add(el('div', 'error', 'inputs are not JSON: ' + e.message)); return {}; }
  }

  var select = $('runtime');
  cfg.runtimes.forEach(function (r) { var o = el('option', '', r); o.value = r; select.appendChild(o); });
  select.onchange = function () { runtime = select.value; highlight(null); showThread(); };
  if (cfg.runtimes.length < 2) select.parentNode.style.display = 'none';
  $('send').onclick = send;
  $('input').addEventListener('keydown', function (e) { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); send(); } });
  $('new').onclick = function () { delete threads[runtime]; highlight(null); showThread(); status('new thread'); };
  showThread();
  setBusy(false);
  document.body.setAttribute('data-ready', 'true');
})();
`;
