// The pages' script: each form calls the JSON API (POST /api/...) with the document typed or
// uploaded, and shows the answer. Nothing is kept on the server; a page sends back what it needs.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

async function callApi(path, body, params) {
  const query = new URLSearchParams(params || []).toString();
  const headers = body instanceof FormData ? {} : {"Content-Type": "application/yaml"};  // a form sets its own
  const response = await fetch(path + (query ? "?" + query : ""), {method: "POST", body: body, headers: headers});
  const text = await response.text();
  return {ok: response.ok, status: response.status, text: text,
          json: () => JSON.parse(text), exit: response.headers.get("X-Exit-Status")};
}

function showError(id, answer) {
  const box = $(id);
  if (answer === null) { box.hidden = true; box.textContent = ""; return; }
  box.hidden = false;
  box.textContent = answer.text.trim() + (answer.status === 503 ? " (the server is busy: try again)" : "");
}

function uploadInto(inputId, textareaId, then) {
  const input = $(inputId);
  if (!input) return;
  input.addEventListener("change", async () => {
    if (!input.files.length) return;
    $(textareaId).value = await input.files[0].text();
    if (then) then();
  });
}

function copyButton(buttonId, textareaId) {
  $(buttonId).addEventListener("click", () => {
    const area = $(textareaId);
    area.select();
    if (navigator.clipboard) navigator.clipboard.writeText(area.value); else document.execCommand("copy");
  });
}

function fillTable(tableId, rows) {
  const body = $(tableId).querySelector("tbody");
  body.replaceChildren(...rows.map((cells) => el("tr", {}, ...cells.map((c) => el("td", {}, c)))));
}

// ------------------------------------------------------------------ gamemaster

const gm = {history: [], last: null};

function gmShow(results, board) {
  const last = results[results.length - 1];
  gm.last = last;
  $("gm-result").hidden = false;
  $("gm-phase").textContent = last.phase + (results.length > 1 ? ` (last of ${results.length} phases)` : "");
  fillTable("gm-results", last.orders.map((o) => [o.power, o.order,
    el("span", {class: "result-" + o.result}, o.result), o.reason || ""]));
  const dislodged = Object.entries(last.dislodged || {});
  $("gm-dislodged").replaceChildren(dislodged.length ? el("p", {}, "Dislodged: " +
    dislodged.map(([unit, d]) => `${unit} (retreats: ${JSON.stringify(d)})`).join("; ")) : "");
  $("gm-paradoxes").replaceChildren(...(last.paradoxes || []).map((p) =>
    el("div", {class: "paradox"}, el("strong", {}, "Paradox: "), el("pre", {}, JSON.stringify(p, null, 1)))));
  $("gm-board").innerHTML = board || "";
  for (const r of results) gm.history.push(r);
  $("gm-history").replaceChildren(...gm.history.map((r) => el("li", {}, `${r.phase}: ` +
    r.orders.map((o) => `${o.order} ${o.result}`).join(", ") +
    ((r.differences || []).length ? ` (differs from the record: ${JSON.stringify(r.differences)})` : ""))));
  gmOfferNext(last);
}

function ownerOf(turn, unit) {
  // in a retreat phase the units to order are the dislodged ones (another may stand in their province)
  const dislodged = Object.entries(turn.dislodged || {}).find(([, entries]) =>
    (Array.isArray(entries) ? entries : Object.keys(entries)).some((d) => (d.unit || d) === unit));
  if (turn.phase.endsWith("R")) return dislodged ? dislodged[0] : null;
  for (const [power, units] of Object.entries(turn.units || {})) if (units.includes(unit)) return power;
  return dislodged ? dislodged[0] : null;
}

async function gmOfferNext(last) {
  $("gm-next-phase").textContent = last.next_phase;
  const next = {...last, phase: last.next_phase, orders: {}};
  const answer = await callApi("/api/diplomacy/orders", JSON.stringify(next));
  const box = $("gm-next-orders");
  if (!answer.ok) { box.replaceChildren(el("p", {class: "error"}, answer.text)); return; }
  const offered = answer.json();
  const legal = offered.units || {};
  const byPower = {};
  const powerOf = {};
  for (const [power, units] of Object.entries(offered.powers || {})) for (const unit of units) powerOf[unit] = power;
  for (const [unit, orders] of Object.entries(legal)) {
    const power = powerOf[unit] || ownerOf(next, unit) || "other";
    (byPower[power] = byPower[power] || []).push([unit, orders]);
  }
  for (const [power, builds] of Object.entries(offered.builds || {})) {  // a build is optional: blank = none
    (byPower[power] = byPower[power] || []).push(["build", ["", ...(Array.isArray(builds) ? builds : Object.keys(builds))]]);
  }
  box.replaceChildren(...Object.entries(byPower).map(([power, units]) => el("fieldset", {"data-power": power},
    el("legend", {}, power), ...units.map(([unit, orders]) => el("label", {class: "order"}, unit + " ",
      el("select", {"data-unit": unit}, ...orders.map((o) => el("option", {}, o))))))));
  gm.next = next;
}

function gmDocument(kind) {
  // an uploaded file not edited since is sent as it is, under its name (a .jdip is binary)
  if (gm.upload && $("gm-input").value === gm.upload.shown) {
    const form = new FormData();
    form.append(kind === "game" ? "game_file" : "file", gm.upload.file, gm.upload.file.name);
    return form;
  }
  return $("gm-input").value;
}

async function gmRun(kind, body) {
  showError("gm-error", null);
  const path = kind === "game" ? "/api/diplomacy/play" : "/api/diplomacy/adjudicate";
  const answer = await callApi(path, body);
  if (!answer.ok) { showError("gm-error", answer); return; }
  const parsed = answer.json();
  // a turn: one result; a list or game: a list; a recorded game: its checks, each with our result
  const results = Array.isArray(parsed) ? parsed
    : parsed.checks ? parsed.checks.map((c) => ({...c.result, differences: c.differences})) : [parsed];
  const board = await callApi(path, body, [["output", "svg"]]);
  let svg = "";
  if (board.ok) {
    if (kind === "game") { const boards = board.json(); const names = Object.keys(boards).sort(); svg = boards[names[names.length - 1]] || ""; }
    else svg = board.text;
  }
  gmShow(results.filter((r) => r && r.orders), svg);
}

function gmInit() {
  $("gm-file").addEventListener("change", async () => {
    const file = $("gm-file").files[0];
    if (!file) return;
    const text = await file.text();
    const binary = text.includes("\u0000") || text.includes("\ufffd");
    gm.upload = {file: file, shown: binary ? `(${file.name}: a binary file, sent as uploaded)` : text};
    $("gm-input").value = gm.upload.shown;
    if (/\.(jdip|txt)$/i.test(file.name) || /"phases"|^phases:/m.test(text)) $("gm-mode").value = "game";
  });
  $("gm-form").addEventListener("submit", (event) => {
    event.preventDefault();
    gm.history = [];
    gmRun($("gm-mode").value, gmDocument($("gm-mode").value));
  });
  $("gm-next").addEventListener("submit", (event) => {
    event.preventDefault();
    const turn = gm.next;
    const orders = {};
    for (const fieldset of $("gm-next-orders").querySelectorAll("fieldset")) {
      const power = fieldset.dataset.power;
      orders[power] = [...fieldset.querySelectorAll("select")].map((s) => s.value).filter((v) => v);
    }
    const document_ = JSON.stringify({...turn, orders: orders}, null, 1);
    $("gm-input").value = document_;
    $("gm-mode").value = "turn";
    gmRun("turn", document_);
  });
  $("gm-export").addEventListener("click", () => {
    const blob = new Blob([JSON.stringify(gm.history, null, 1)], {type: "application/json"});
    const link = el("a", {href: URL.createObjectURL(blob), download: "results.json"});
    document.body.append(link); link.click(); link.remove();
  });
}

// ------------------------------------------------------------------ judge

const judge = {rules: {}, rulesetLoaded: null, timer: null, readings: []};

function judgeGutter(problemLine, message) {
  const lines = $("judge-case").value.split("\n");
  $("judge-gutter").replaceChildren(...lines.map((_, n) => el("span", {class: n + 1 === problemLine ? "bad" : "",
    title: n + 1 === problemLine ? message : ""}, String(n + 1) + (n + 1 === problemLine ? " ✗" : "") + "\n")));
}

async function judgeRuleTexts(ruleset) {
  if (judge.rulesetLoaded === ruleset) return;
  judge.rulesetLoaded = ruleset;
  const answer = await callApi("/api/ruleset/show", "", [["ruleset", ruleset]]);
  judge.rules = {};
  if (answer.ok) for (const rule of answer.json().rules) judge.rules[rule.key] = rule;
}

function whyNode(node) {
  const rules = (node.rules || []).map((key) => {
    const rule = judge.rules[key];
    return el("div", {class: "rule"}, el("cite", {}, rule ? `${key}/${rule.revision} ${rule.title} (Power ${rule.power})` : key),
      rule ? el("blockquote", {}, rule.text) : null);
  });
  const children = (node.because || []).map(whyNode);
  if (!children.length && !rules.length) return el("div", {class: "leaf"}, node.claim);
  return el("details", {class: "why"}, el("summary", {}, node.claim), ...rules, ...children);
}

function judgeShow(result) {
  $("judge-result").hidden = false;
  $("judge-title").textContent = result.title + (result.cfj ? ` [CFJ ${result.cfj}]` : "");
  fillTable("judge-verdicts", result.judgements.map((j, n) => [n + 1, j.statement,
    el("strong", {class: "verdict"}, j.verdict), j.reason]));
  $("judge-why").replaceChildren(...result.judgements.map((j, n) => el("section", {class: "statement"},
    el("h3", {}, `${n + 1}. ${j.statement}: ${j.verdict}`),
    ...(j.other_readings || []).map((r) => el("p", {class: "reading"}, "Reading: " + r)),
    j.why ? whyNode(j.why) : el("p", {}, j.summary))));
  judgeReadingToggles(result);
}

function judgeReadingToggles(result) {
  const offered = new Map();
  for (const j of result.judgements) for (const line of j.other_readings || []) {
    for (const m of line.matchAll(/\(option ([a-z0-9_]+): ([a-z0-9_-]+)\)/g)) offered.set(m[1] + "=" + m[2], line);
  }
  for (const chosen of judge.readings) offered.set(chosen, offered.get(chosen) || chosen);
  const box = $("judge-readings");
  if (!offered.size) { box.replaceChildren(); return; }
  box.replaceChildren(el("h2", {}, "Readings"), ...[...offered.keys()].map((choice) => {
    const input = el("input", {type: "checkbox", "data-reading": choice});
    input.checked = judge.readings.includes(choice);
    input.addEventListener("change", () => {
      judge.readings = input.checked ? [...judge.readings, choice] : judge.readings.filter((c) => c !== choice);
      judgeRun();
    });
    return el("label", {class: "toggle"}, input, " read with " + choice.replace("=", ": "));
  }));
}

async function judgeRun() {
  clearTimeout(judge.timer);  // a judging asked for now replaces one waiting for the typing to stop
  const asked = judge.asked = (judge.asked || 0) + 1;
  const text = $("judge-case").value;
  const answer = judge.readings.length
    ? await callApi("/pages/judge/readings", text, judge.readings.map((r) => ["option", r]))
    : await callApi("/api/judge", text, [["explain", "true"]]);
  if (asked !== judge.asked) return;  // a later judging is under way: show only the latest
  if (!answer.ok) {
    const line = /line (\d+)/.exec(answer.text);
    judgeGutter(line ? Number(line[1]) : null, answer.text);
    showError("judge-error", answer);
    return;
  }
  judgeGutter(null, "");
  showError("judge-error", null);
  const result = answer.json();
  await judgeRuleTexts(result.ruleset);
  judgeShow(result);
  const draft = await callApi("/api/judge", text, [["draft", "true"], ["format", "text"]]);
  $("judge-draft").value = draft.ok || draft.status === 200 ? draft.text : draft.text.trim();
}

function judgeInit() {
  const area = $("judge-case");
  uploadInto("judge-file", "judge-case", () => { judgeGutter(null, ""); judge.readings = []; judgeRun(); });
  area.addEventListener("input", () => {
    judgeGutter(null, "");
    clearTimeout(judge.timer);
    judge.timer = setTimeout(judgeRun, 700);
  });
  area.addEventListener("scroll", () => { $("judge-gutter").scrollTop = area.scrollTop; });
  $("judge-form").addEventListener("submit", (event) => { event.preventDefault(); judgeRun(); });
  copyButton("judge-copy", "judge-draft");
  judgeGutter(null, "");
}

// ------------------------------------------------------------------ assessor

async function assessorRun() {
  const text = $("assessor-input").value;
  const answer = await callApi("/api/agora/resolve", text);
  if (!answer.ok) { showError("assessor-error", answer); return; }
  showError("assessor-error", null);
  const result = answer.json();
  $("assessor-result").hidden = false;
  fillTable("assessor-decisions", result.decisions.map((d) => [
    `${d.id}${d.title ? " " + d.title : ""}`, el("strong", {class: "outcome"}, d.outcome !== null ? d.outcome : d.resolved === false ? "(unresolved)" : "(none)"),
    `${d.quorum}`, `${d.voter_count}`, Object.entries(d.tally || {}).map(([k, v]) => `${k} ${v}`).join(", ")]));
  $("assessor-ballots").replaceChildren(...result.decisions.map((d) => el("details", {},
    el("summary", {}, `Ballots on ${d.id}`),
    el("ul", {}, ...(d.ballots || []).map((b) => el("li", {},
      `${b.voter}: ${typeof b.vote === "string" ? b.vote : JSON.stringify(b.vote)} counted as ${b.counted_as}` +
      (b.reason ? ` (${b.reason})` : "")))))));
  const report = await callApi("/api/agora/resolve", text, [["format", "text"]]);
  $("assessor-report").value = report.text;
}

function assessorInit() {
  uploadInto("assessor-file", "assessor-input");
  $("assessor-form").addEventListener("submit", (event) => { event.preventDefault(); assessorRun(); });
  copyButton("assessor-copy", "assessor-report");
}

// ------------------------------------------------------------------ rulesets

async function rulesRun() {
  const upload = $("rules-file").files[0];
  const params = upload ? [] : [["ruleset", $("rules-name").value]];
  if ($("rules-rule").value.trim()) params.push(["rule", $("rules-rule").value.trim()]);
  if ($("rules-date").value) params.push(["as-of", $("rules-date").value]);
  const answer = await callApi("/api/ruleset/show", upload ? await upload.text() : "", params);
  if (!answer.ok) { showError("rules-error", answer); $("rules-result").hidden = true; return; }
  showError("rules-error", null);
  const shown = answer.json();
  const rules = shown.rules || [shown];  // --rule N answers with the rule alone
  $("rules-result").hidden = false;
  $("rules-title").textContent = `${upload ? shown.name || upload.name : $("rules-name").value}${shown.date ? " (" + shown.date + ")" : ""}: ${rules.length} rule(s)`;
  $("rules-text").textContent = rules.map((r) =>
    `${r.key}/${r.revision} (Power ${r.power}) ${r.title}\n\n${r.text}`).join("\n\n" + "-".repeat(60) + "\n\n");
  $("rules-history").replaceChildren(...rules.filter((r) => (r.history || []).length).map((r) =>
    el("details", {}, el("summary", {}, `History of ${r.key}`),
      el("ul", {}, ...r.history.map((h) => el("li", {}, typeof h === "string" ? h : JSON.stringify(h)))))));
}

function rulesInit() {
  $("rules-form").addEventListener("submit", (event) => { event.preventDefault(); rulesRun(); });
  const coverage = $("rules-coverage");
  if (coverage) coverage.addEventListener("click", async () => {
    const answer = await callApi("/api/ruleset/coverage", "", [["ruleset", $("rules-name").value], ["format", "text"]]);
    const out = $("rules-coverage-out");
    out.hidden = false;
    out.textContent = answer.text;
  });
}

document.addEventListener("DOMContentLoaded", () => {
  if ($("gm-form")) gmInit();
  if ($("judge-form")) judgeInit();
  if ($("assessor-form")) assessorInit();
  if ($("rules-form")) rulesInit();
});
