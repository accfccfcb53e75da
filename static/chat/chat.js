// The chat page: a client of django-compaction's REST API (and, with an API key, of the
// project's streaming turn view). Plain JavaScript, no build step.
"use strict";

(() => {
  const config = JSON.parse(document.getElementById("chat-config").textContent);
  const csrf = document.querySelector("meta[name=csrf-token]").content;
  const $ = (id) => document.getElementById(id);
  const number = new Intl.NumberFormat("en-US");
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  // How long "compacting…" stays up at least, so a fast (offline) summarizer is seen too.
  const COMPACTING_MIN_MS = 1200;
  // Summaries are Markdown written by a model: CommonMark as the admin renders it, with raw
  // HTML escaped (html: false) and links markdown-it's validateLink refuses (javascript:,
  // vbscript:, file:, most data:) left as text. No images: a summary must not make the
  // browser fetch anything.
  // Tables and strikethrough too, as the admin enables them (compaction/admin/rendering.py).
  const markdown = window
    .markdownit("commonmark", { html: false })
    .enable(["table", "strikethrough"])
    .disable("image");
  // The card of the summary the model reads; chat.js moves it into the conversation.
  const checkpointCard = document.getElementById("checkpoint");

  const state = {
    sessions: [],
    session: null, // the session detail, as the API answers it
    transcript: null, // the replay fixture, fetched once
    busy: false,
    playing: null, // the replay timer
    compactingSince: 0,
  };

  // ------------------------------------------------------------------ helpers

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value == null) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value);
    }
    node.append(...children.filter((child) => child != null));
    return node;
  }

  async function api(path, { method = "GET", body, headers = {} } = {}) {
    const url = path.startsWith("http") ? path : config.api + path;
    const response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        ...(body ? { "Content-Type": "application/json" } : {}),
        ...(method === "GET" ? {} : { "X-CSRFToken": csrf }),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok) {
      throw new Error(answer?.error?.message || `${response.status} ${response.statusText}`);
    }
    return answer;
  }

  function setStatus(text, error = false) {
    const node = $("status");
    node.textContent = text;
    node.classList.toggle("error", error);
  }

  const percent = (share) =>
    share > 0 && share < 0.001 ? "<0.1%" : `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
  const width = (share) => `${Math.min(1, share) * 100}%`;

  // ------------------------------------------------------------------ sessions

  async function loadSessions() {
    state.sessions = (await api("sessions/?limit=200")).results;
    renderSessions();
  }

  function renderSessions() {
    const list = $("sessions");
    list.replaceChildren(
      ...state.sessions.map((s) =>
        el(
          "li",
          { class: s.id === state.session?.id ? "active" : null, "data-id": s.id },
          el("a", {
            href: `#${s.id}`, title: s.external_id || s.id, text: s.external_id || s.id.slice(0, 8),
          }),
          el("span", {
            class: "muted",
            text: `${s.message_count} messages · ` +
              (s.checkpoint_version ? `summary v${s.checkpoint_version}` : "not compacted"),
          }),
        ),
      ),
    );
  }

  async function newSession(kind) {
    const stamp = new Date().toISOString().slice(0, 19).replace("T", " ");
    const replay = kind === "replay" ? await transcript() : null;
    const session = await api("sessions/", {
      method: "POST",
      body: {
        agent_id: kind,
        external_id: `${kind} ${stamp}`,
        system_prompt: replay ? replay.system : config.systemPrompt,
        config: config.sessionConfig,
      },
    });
    await loadSessions();
    location.hash = session.id;
  }

  async function openSession(id) {
    stopPlaying();
    setStatus("");
    state.session = await api(`sessions/${id}/`);
    renderSessions();
    await refresh();
  }

  // Everything the page shows of the open session, read again from the API.
  async function refresh() {
    const id = state.session.id;
    const detail = await api(`sessions/${id}/`);
    const version = detail.checkpoint_version;
    const [runs, checkpoint, messages, audit] = await Promise.all([
      api(`runs/?session=${id}&limit=8`),
      version ? api(`sessions/${id}/checkpoints/${version}/`) : null,
      allMessages(id),
      version > 1 ? api(`sessions/${id}/checkpoints/${version}/diff/?against=${version - 1}`) : null,
    ]);
    if (state.session?.id !== id) return; // another session was opened meanwhile
    state.session = detail;
    const index = state.sessions.findIndex((s) => s.id === id);
    if (index >= 0) state.sessions[index] = detail;
    renderSessions();
    $("session-title").textContent = detail.external_id || detail.id;
    $("session-meta").textContent =
      `${detail.message_count} messages, ${detail.active_message_count} active · ` +
      `${detail.compaction_count} compaction${detail.compaction_count === 1 ? "" : "s"}`;
    renderGauge(detail.estimated_tokens);
    if (detail.live_run) showLiveRun(detail.live_run);
    else if (!state.busy) await endCompacting();
    renderSummary(checkpoint);
    renderChanges(audit);
    renderArtifacts(checkpoint);
    renderRuns(runs.results);
    renderMessages(messages, checkpoint);
    await renderComposer();
  }

  async function allMessages(id) {
    const messages = [];
    let next = `sessions/${id}/messages/?include_compacted=true&page_size=1000`;
    while (next) {
      const page = await api(next);
      messages.push(...page.results);
      next = page.next;
    }
    return messages;
  }

  // ------------------------------------------------------------------ messages

  function renderMessages(messages, checkpoint) {
    const box = $("messages");
    box.replaceChildren();
    let group = null;
    let lastArchived = null;
    for (const message of messages) {
      const node = renderMessage(message);
      if (message.compacted_by == null) {
        box.append(node);
        continue;
      }
      // Archived runs of messages fold into one line each: what a summary replaced.
      if (group?.dataset.version !== String(message.compacted_by)) {
        group = el("details", { class: "archived", "data-version": message.compacted_by });
        group.append(el("summary"));
        box.append(group);
      }
      group.append(node);
      const count = group.childElementCount - 1;
      group.firstChild.textContent =
        `${count} message${count === 1 ? "" : "s"} summarized into v${message.compacted_by}`;
      lastArchived = group;
    }
    // The summary sits where the model reads it: after what it replaced, before the rest.
    if (checkpoint && lastArchived) lastArchived.after(checkpointCard);
    else if (checkpoint) box.prepend(checkpointCard);
    else box.append(checkpointCard); // hidden, kept in the page for the next version
    if (!messages.length) {
      box.append(el("p", { class: "muted empty", text: "No messages yet." }));
    }
    box.scrollTop = box.scrollHeight;
  }

  function renderMessage(message) {
    const tokens = message.token_estimate == null ? "" : ` · ${number.format(message.token_estimate)} tokens`;
    return el(
      "article",
      { class: `msg ${message.role}`, "data-seq": message.seq },
      el(
        "header",
        {},
        el("span", { class: "role", text: message.role }),
        el("span", { class: "muted", text: `#${message.seq}${tokens}` }),
      ),
      el("div", { class: "body" }, ...blocksOf(message).map(renderBlock)),
    );
  }

  // Content blocks of a message in either stored format.
  function blocksOf(message) {
    const content = message.content;
    if (message.format === "openai") {
      if (message.role === "tool") {
        return [{ type: "tool_result", content: content.content }];
      }
      const blocks = content.content ? [{ type: "text", text: textOf(content.content) }] : [];
      for (const call of content.tool_calls || []) {
        blocks.push({ type: "tool_use", name: call.function.name, input: call.function.arguments });
      }
      return blocks;
    }
    return typeof content === "string" ? [{ type: "text", text: content }] : content;
  }

  function textOf(content) {
    if (typeof content === "string") return content;
    if (Array.isArray(content)) {
      return content.map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join("\n");
    }
    return JSON.stringify(content, null, 2);
  }

  const pretty = (value) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

  function brief(input) {
    const text = typeof input === "string" ? input : JSON.stringify(input);
    return text.length > 60 ? `${text.slice(0, 60)}…` : text;
  }

  // Tool calls and results, server tools and thinking start collapsed.
  function fold(kind, label, text) {
    return el("details", { class: `block ${kind}` }, el("summary", { text: label }), el("pre", { text }));
  }

  function renderBlock(block) {
    switch (block.type) {
      case "text":
        return el("div", { class: "text", text: block.text });
      case "tool_use":
        return fold("tool", `tool call: ${block.name} ${brief(block.input)}`, pretty(block.input));
      case "tool_result": {
        const text = textOf(block.content ?? "");
        const error = block.is_error ? " (error)" : "";
        return fold(`tool result${block.is_error ? " error" : ""}`,
          `tool result${error} · ${number.format(text.length)} chars`, text);
      }
      case "server_tool_use":
        return fold("tool server", `server tool: ${block.name} ${brief(block.input)}`, pretty(block.input));
      case "mcp_tool_use":
        return fold("tool server", `MCP tool: ${block.server_name} ${block.name} ${brief(block.input)}`,
          pretty(block.input));
      case "thinking":
        return fold("thinking", "thinking", block.thinking);
      case "redacted_thinking":
        return fold("thinking", "thinking (redacted)", "(encrypted by the API)");
      case "compaction":
        return fold("server", "server compaction", block.content || "(no readable content)");
      case "image":
      case "document":
        return el("div", { class: "muted", text: `[${block.type}]` });
      default:
        if (block.type.endsWith("_tool_result")) {
          return fold("tool result server", `server tool result: ${block.type.replace(/_/g, " ")}`,
            pretty(block.content));
        }
        return fold("other", block.type, pretty(block));
    }
  }

  // ------------------------------------------------------------------ context panel

  function renderGauge(tokens) {
    const { threshold, context_window: window } = state.session;
    const gauge = $("gauge");
    gauge.dataset.tokens = tokens;
    gauge.dataset.threshold = threshold;
    gauge.dataset.window = window;
    gauge.classList.toggle("over", tokens > threshold);
    $("gauge-tokens").textContent = number.format(tokens);
    $("gauge-threshold-fill").style.width = width(tokens / threshold);
    $("gauge-threshold-label").textContent =
      `${percent(tokens / threshold)} of the compaction threshold (${number.format(threshold)})`;
    $("gauge-window-fill").style.width = width(tokens / window);
    $("gauge-window-mark").style.left = width(threshold / window);
    $("gauge-window-label").textContent =
      `${percent(tokens / window)} of the context window (${number.format(window)})`;
  }

  // A run beside the conversation: the composer stays usable while it runs.
  function showLiveRun(run) {
    const since = run.started_at || run.created_at;
    const time = since ? new Date(since).toLocaleTimeString() : "";
    setCompacting(true);
    $("compaction-state").title = time ? `compacting since ${time}` : "";
    if (!state.busy) {
      setStatus(`A compaction runs in the background${time ? ` since ${time}` : ""}; ` +
        "the conversation goes on.");
    }
  }

  function setCompacting(on, text = "compacting…") {
    const node = $("compaction-state");
    if (on && node.hidden) state.compactingSince = Date.now();
    node.textContent = text;
    node.hidden = !on;
    $("gauge").dataset.state = on ? "compacting" : "";
  }

  async function endCompacting() {
    if ($("compaction-state").hidden) return;
    await sleep(Math.max(0, state.compactingSince + COMPACTING_MIN_MS - Date.now()));
    setCompacting(false);
  }

  // A compaction that ran inside a request: the context it reached, then what it left.
  async function showCompaction(run) {
    if (run.tokens_before) renderGauge(run.tokens_before);
    setCompacting(true);
    await endCompacting();
    const version = run.checkpoint_version ? `, summary v${run.checkpoint_version}` : "";
    setStatus(`Compaction ${run.status}: ${number.format(run.tokens_before)} → ` +
      `${number.format(run.tokens_after ?? run.tokens_before)} tokens${version}.`);
  }

  function renderSummary(checkpoint) {
    const meta = checkpoint
      ? `${checkpoint.messages_compacted} messages · ${number.format(checkpoint.tokens_before)} → ` +
        `${number.format(checkpoint.tokens_after)} tokens · ${checkpoint.summarizer}` +
        (checkpoint.fallback ? " (fallback)" : "")
      : "The session has not been compacted yet.";
    $("summary-version").textContent = checkpoint ? `v${checkpoint.version}` : "none yet";
    $("summary-meta").textContent = meta;
    $("summary-jump").hidden = !checkpoint;
    checkpointCard.hidden = !checkpoint;
    if (!checkpoint) return;
    $("checkpoint-title").textContent = `The model now reads summary v${checkpoint.version}, ` +
      "in place of the messages above, then the messages below.";
    $("checkpoint-meta").textContent = meta;
    renderMarkdown($("summary"), checkpoint.summary);
  }

  // markdown-it escapes everything it does not turn into markup (see `markdown` above), so
  // its HTML is safe to insert.
  function renderMarkdown(node, text) {
    node.innerHTML = markdown.render(text);
    for (const link of node.querySelectorAll("a")) {
      link.target = "_blank";
      link.rel = "noopener noreferrer nofollow";
    }
    muteItemIds(node);
  }

  // Item ids ([c12]) stay visible, for the audit refers to them, but read as labels.
  const ITEM_ID = /\[c\d{1,6}\]/g;

  function muteItemIds(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement.closest("code, pre") ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT),
    });
    const texts = [];
    while (walker.nextNode()) texts.push(walker.currentNode);
    for (const text of texts) {
      const value = text.nodeValue;
      const parts = [];
      let last = 0;
      for (const match of value.matchAll(ITEM_ID)) {
        parts.push(value.slice(last, match.index), el("span", { class: "item-id", text: match[0] }));
        last = match.index + match[0].length;
      }
      if (!parts.length) continue;
      parts.push(value.slice(last));
      text.replaceWith(...parts.filter((part) => part !== ""));
    }
  }

  // What the latest version did to the items of the one before: the removals it declared,
  // and what the drift audit counts (items dropped or values changed without a word).
  function renderChanges(audit) {
    const box = $("summary-changes");
    box.replaceChildren();
    box.hidden = !audit;
    if (!audit) return;
    const counted = audit.lost.length + audit.changed.length;
    box.append(el("summary", {
      text: `Since v${audit.against}: ${audit.declared.length} declared, ` +
        `${counted} counted by the audit, ${audit.unverified.length} unverified` +
        (audit.protocol === "ids" ? "" : " (no item ids: values compared)"),
    }));
    // Folded unless the audit counts something; a reader's unfolding stays while the
    // version does.
    const key = `${state.session.id} v${state.session.checkpoint_version}`;
    if (box.dataset.key !== key) box.open = counted > 0;
    box.dataset.key = key;
    const list = el("ul", { class: "changes" });
    for (const report of audit.lost) {
      const what = report.kind === "item" ? `dropped without a word: ${report.text}` :
        `lost ${report.value}`;
      list.append(el("li", { class: "counted", text: `${label(report.item)}${what}` }));
    }
    for (const report of audit.changed) {
      const to = report.new_value ? ` → ${report.new_value}` : " dropped";
      list.append(el("li", { class: "counted", text: `${label(report.item)}${report.value}${to}` }));
    }
    for (const change of audit.declared) {
      const how = change.target ? `${JOINED[change.kind] ?? change.kind} [${change.target}]` :
        change.reason ? `${change.kind}: ${change.reason}` : change.kind;
      list.append(el("li", { class: "declared", text: `[${change.item}] ${how}: ${change.text}` }));
    }
    if (list.children.length) box.append(list);
  }

  const JOINED = { merged: "merged into", superseded: "superseded by", condensed: "condensed into" };

  function label(item) {
    return item ? `[${item}] ` : "";
  }

  // The artifact ledger, as the API lists it (the payload's order: what an agent needs
  // back first). Open errors, changed files and test runs start open, the rest folded;
  // long groups show their newest first.
  const ARTIFACTS_SHOWN = 6;
  const OPEN_GROUPS = new Set(["Unresolved errors", "Files changed", "Test runs"]);

  function renderArtifacts(checkpoint) {
    const box = $("artifacts");
    const ledger = checkpoint?.artifacts;
    box.replaceChildren();
    if (!ledger || !ledger.groups.length) {
      $("artifacts-count").textContent = "· none";
      $("artifacts-meta").textContent = checkpoint
        ? "No tool calls in the summarized messages."
        : "Recorded from the tool calls once the session is compacted.";
      return;
    }
    const counts = ledger.counts;
    $("artifacts-count").textContent =
      `· ${counts.files_changed} file${counts.files_changed === 1 ? "" : "s"} changed, ` +
      `${counts.commands} command${counts.commands === 1 ? "" : "s"}, ` +
      `${counts.errors_unresolved} unresolved error${counts.errors_unresolved === 1 ? "" : "s"}`;
    $("artifacts-meta").textContent =
      `From the tool calls up to #${ledger.through_seq}, exactly; sent beside the summary.`;
    for (const [index, group] of ledger.groups.entries()) {
      const items = group.items.map((item) => {
        const node = el("li", { class: `artifact ${item.kind}`, title: item.detail },
          el("code", { text: item.value }),
          el("span", { class: "muted", text: ` #${item.seq}` }));
        if (item.kind === "error" || item.kind === "test") {
          node.append(el("div", { class: "detail", text: item.detail }));
        } else if (item.kind === "file") {
          node.append(el("span", { class: "detail", text: ` ${item.detail}` }));
        }
        return node;
      });
      const list = el("ul", { class: "artifacts" }, ...items.slice(0, ARTIFACTS_SHOWN));
      const more = items.length > ARTIFACTS_SHOWN
        ? el("details", { class: "more" },
          el("summary", { text: `${items.length - ARTIFACTS_SHOWN} more` }),
          el("ul", { class: "artifacts" }, ...items.slice(ARTIFACTS_SHOWN)))
        : null;
      const section = el("details", { class: `artifact-group ${group.heading === "Unresolved errors" ? "errors" : ""}` },
        el("summary", { text: `${group.heading} (${items.length})` }), list, more);
      // The most needed groups open; when there are none, the first one.
      section.open = OPEN_GROUPS.has(group.heading) || index === 0;
      box.append(section);
    }
  }

  // One row a run, cut to the card's width: each cell's whole text is in its title, and the
  // row's title says the rest (exact tokens, when it started, why it failed).
  const kilo = (tokens) => (tokens < 1000 ? String(tokens)
    : `${(tokens / 1000).toFixed(tokens < 10_000 ? 1 : 0)}k`);

  function renderRuns(runs) {
    $("runs").tBodies[0].replaceChildren(
      ...runs.map((run) => {
        const exact = run.tokens_after == null ? number.format(run.tokens_before)
          : `${number.format(run.tokens_before)} → ${number.format(run.tokens_after)}`;
        const tokens = run.tokens_after == null ? kilo(run.tokens_before)
          : `${kilo(run.tokens_before)} → ${kilo(run.tokens_after)}`;
        const duration = run.duration_ms == null ? "" : run.duration_ms < 1000
          ? `${run.duration_ms} ms` : `${(run.duration_ms / 1000).toFixed(1)} s`;
        const version = run.checkpoint_version ? `v${run.checkpoint_version}` : "";
        const since = run.started_at || run.created_at;
        const title = [
          `${run.status}${version ? ` → ${version}` : ""}, ${run.trigger}, ${exact} tokens`,
          since ? `started ${new Date(since).toLocaleString()}` : null,
          run.reason || null,
          run.error || null,
        ].filter(Boolean).join("\n");
        const cell = (text, attrs = {}) => el("td", { title: text, ...attrs }, text);
        return el("tr", { class: `run ${run.status}`, title },
          cell(version),
          el("td", { title: run.status }, el("strong", { text: run.status })),
          cell(run.trigger),
          el("td", { class: "number", title: `${exact} tokens` }, tokens),
          cell(duration, { class: "number" }));
      }),
    );
    $("runs").hidden = !runs.length;
    $("runs-empty").hidden = runs.length > 0;
  }

  // ------------------------------------------------------------------ composer

  async function transcript() {
    state.transcript ??= await fetch(config.replayUrl, { credentials: "same-origin" }).then((r) => {
      if (!r.ok) throw new Error(`The replay transcript: ${r.status} ${r.statusText}`);
      return r.json();
    });
    return state.transcript;
  }

  // The next turn of the transcript, from how many messages the session holds.
  function nextTurn(replay, messageCount) {
    let seen = 0;
    for (let index = 0; index < replay.turns.length; index++) {
      if (seen === messageCount) return index;
      seen += replay.turns[index].length;
    }
    return seen === messageCount ? replay.turns.length : null; // null: not this transcript
  }

  const isReplay = (session) => session?.agent_id === "replay";

  async function renderComposer() {
    const session = state.session;
    const live = config.mode === "live" && session && !isReplay(session);
    $("chat-form").hidden = !live;
    $("replay-controls").hidden = !isReplay(session);
    for (const button of document.querySelectorAll("#composer button")) button.disabled = state.busy;
    $("replay-play").disabled = false; // Play / Pause stays usable while a turn runs
    const note = $("composer-note");
    if (isReplay(session)) {
      const replay = await transcript();
      const index = nextTurn(replay, session.message_count);
      const done = index === null || index >= replay.turns.length;
      $("replay-next").disabled = state.busy || done;
      $("replay-play").disabled = done;
      $("replay-progress").textContent = index === null
        ? "This session no longer follows the transcript."
        : `${Math.min(index, replay.turns.length)} of ${replay.turns.length} turns replayed` +
          (done ? ": the transcript is over." : "");
      note.textContent = `Replaying ${replay.name} (${replay.license}) turn by turn through ` +
        "the API's messages POST; past the threshold a compaction starts in the background.";
      if (done) stopPlaying();
    } else if (live) {
      note.textContent = `Claude (${config.model}) answers through stream_turn; Enter sends, ` +
        "Shift+Enter starts a new line.";
    } else {
      note.textContent = session
        ? "No API key is configured, so this page replays a transcript: start one with New replay."
        : `Start a session with ${config.mode === "live" ? "New chat or " : ""}New replay.`;
    }
  }

  async function replayNext() {
    if (state.busy) return;
    const session = state.session;
    const replay = await transcript();
    const index = nextTurn(replay, session.message_count);
    if (index === null || index >= replay.turns.length) return stopPlaying();
    const turn = replay.turns[index];
    state.busy = true;
    await renderComposer();
    setStatus(`Appending turn ${index + 1} of ${replay.turns.length}…`);
    const watch = watchLiveRun(session.id);
    try {
      const result = await api(`sessions/${session.id}/messages/`, {
        method: "POST",
        body: { messages: turn },
        // A double click or a retry appends the turn once.
        headers: { "Idempotency-Key": `replay-${session.id}-${index}` },
      });
      clearInterval(watch);
      if (result.compaction) await showCompaction(result.compaction);
      else await endCompacting();
      if (!result.compaction) setStatus(`Turn ${index + 1} appended.`);
    } catch (error) {
      clearInterval(watch);
      await endCompacting();
      setStatus(error.message, true);
      stopPlaying();
    } finally {
      state.busy = false;
      await refresh();
    }
  }

  // While a request runs, a run of the session's own shows as "compacting…".
  function watchLiveRun(id) {
    return setInterval(async () => {
      const detail = await api(`sessions/${id}/`).catch(() => null);
      if (detail?.live_run) setCompacting(true);
    }, 400);
  }

  function togglePlay() {
    if (state.playing) return stopPlaying();
    $("replay-play").textContent = "Pause";
    const tick = async () => {
      await replayNext();
      if (state.playing) state.playing = setTimeout(tick, config.replayInterval);
    };
    state.playing = setTimeout(tick, 0);
  }

  function stopPlaying() {
    clearTimeout(state.playing);
    state.playing = null;
    $("replay-play").textContent = "Play";
  }

  async function sendChat(text) {
    const session = state.session;
    state.busy = true;
    await renderComposer();
    const box = $("messages");
    box.querySelector(".empty")?.remove();
    box.append(renderMessage({ role: "user", seq: "…", content: text }));
    const answer = el("div", { class: "text" });
    box.append(el("article", { class: "msg assistant streaming" },
      el("header", {}, el("span", { class: "role", text: "assistant" }),
        el("span", { class: "muted", text: config.model })),
      el("div", { class: "body" }, answer)));
    box.scrollTop = box.scrollHeight;
    setStatus("Claude is answering…");
    try {
      const response = await fetch(config.turnUrl.replace("{id}", session.id), {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
        body: JSON.stringify({ text }),
      });
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        throw new Error(body?.error?.message || `${response.status} ${response.statusText}`);
      }
      await readEvents(response, async (name, data) => {
        if (name === "text") {
          answer.textContent += data.text;
          box.scrollTop = box.scrollHeight;
        } else if (name === "compaction" && data.status === "running") {
          setCompacting(true);
        } else if (name === "compaction" && ["background", "queued"].includes(data.status)) {
          setCompacting(true);
          setStatus("A compaction started in the background; the conversation goes on.");
        } else if (name === "compaction" && data.run) {
          await showCompaction(data.run);
        } else if (name === "compaction") {
          await endCompacting();
          setStatus(`Compaction: ${data.status} ${data.detail}`);
        } else if (name === "done" && !data.compactions.length) {
          setStatus("");
        } else if (name === "error") {
          throw new Error(data.message);
        }
      });
    } catch (error) {
      await endCompacting();
      setStatus(error.message, true);
    } finally {
      state.busy = false;
      await refresh();
    }
  }

  // Server-sent events from a fetch response (EventSource cannot POST).
  async function readEvents(response, handle) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const chunk = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = "message";
        let data = "";
        for (const line of chunk.split("\n")) {
          if (line.startsWith("event: ")) name = line.slice(7);
          else if (line.startsWith("data: ")) data += line.slice(6);
        }
        await handle(name, data ? JSON.parse(data) : {});
      }
    }
  }

  // ------------------------------------------------------------------ start

  function guard(action) {
    return (...args) => action(...args).catch((error) => setStatus(error.message, true));
  }

  $("mode").textContent = config.mode === "live"
    ? `Claude · ${config.model}`
    : "Replay · no API key";
  $("new-chat").hidden = config.mode !== "live";
  $("new-chat").addEventListener("click", guard(() => newSession("chat")));
  $("new-replay").addEventListener("click", guard(() => newSession("replay")));
  $("replay-next").addEventListener("click", guard(() => { stopPlaying(); return replayNext(); }));
  $("replay-play").addEventListener("click", togglePlay);
  $("summary-jump").addEventListener("click", () => {
    checkpointCard.scrollIntoView({ block: "start", behavior: "smooth" });
  });
  $("chat-form").addEventListener("submit", guard(async (event) => {
    event.preventDefault();
    const field = event.target.elements.text;
    const text = field.value.trim();
    if (!text || state.busy) return;
    field.value = "";
    await sendChat(text);
  }));
  $("chat-form").elements.text.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      event.target.form.requestSubmit();
    }
  });
  window.addEventListener("hashchange", guard(() => openSession(location.hash.slice(1))));

  // A run started elsewhere (in the background, the admin's "Compact now", a worker) shows
  // up here too: looked for every 5 s, every second while one runs.
  let ticks = 0;
  setInterval(guard(async () => {
    ticks += 1;
    if (!state.session || state.busy || document.hidden) return;
    if (!state.session.live_run && ticks % 5) return;
    const detail = await api(`sessions/${state.session.id}/`);
    const changed = detail.message_count !== state.session.message_count ||
      detail.checkpoint_version !== state.session.checkpoint_version;
    const finished = !detail.live_run && state.session.live_run;
    if (detail.live_run) showLiveRun(detail.live_run);
    if (changed || finished) await refresh();
    else state.session.live_run = detail.live_run;
    if (finished && detail.checkpoint_version) {
      setStatus(`Compaction done in the background: summary v${detail.checkpoint_version}.`);
    }
  }), 1000);

  guard(async () => {
    await loadSessions();
    const id = location.hash.slice(1) || state.sessions[0]?.id;
    if (id) await openSession(id);
    else await renderComposer();
  })();
})();
