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

// history: every phase's result shown; first: the document the session started from, as parsed
// (its rules, options, contestants and rule changes are kept in every phase after it); played:
// the phases entered on the page after it ({phase, orders}), so that the session is a game.
const gm = {history: [], last: null, first: null, played: []};
const KEPT = ["rules", "options", "contestants", "rule_changes"];

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
  $("gm-paradoxes").replaceChildren(...(last.paradoxes || []).map(gmParadox));
  $("gm-board").innerHTML = board || "";
  for (const r of results) gm.history.push(r);
  $("gm-history").replaceChildren(...gm.history.map((r) => el("li", {}, `${r.phase}: ` +
    r.orders.map((o) => `${o.order} ${o.result}`).join(", ") +
    ((r.differences || []).length ? ` (differs from the record: ${JSON.stringify(r.differences)})` : ""))));
  gmOfferNext(last);
}

function gmParadox(paradox) {
  // a paradox: its orders, the rule that settled it, and each consistent resolution's results
  return el("div", {class: "paradox"},
    el("p", {}, el("strong", {}, `Paradox (${paradox.kind || "paradox"}): `), (paradox.orders || []).join("; ")),
    paradox.rule ? el("p", {}, "Settled by " + paradox.rule) : null,
    el("ul", {}, ...(paradox.alternatives || []).map((a) => el("li", {class: "alternative"},
      `${a.description}: ` + (a.results || []).map((r) => `${r.power} ${r.order} ${r.result}`).join(", ")))));
}

function ownerOf(turn, unit) {
  // in a retreat phase the units to order are the dislodged ones (another may stand in their province)
  const dislodged = Object.entries(turn.dislodged || {}).find(([, entries]) =>
    (Array.isArray(entries) ? entries : Object.keys(entries)).some((d) => (d.unit || d) === unit));
  if (turn.phase.endsWith("R")) return dislodged ? dislodged[0] : null;
  for (const [power, units] of Object.entries(turn.units || {})) if (units.includes(unit)) return power;
  return dislodged ? dislodged[0] : null;
}

function gmTurns() {
  // the turns of the first document (a turn, a list of turns, or a case's phases under its
  // top-level settings), each as it is adjudicated; none for a game or a record
  const first = gm.first;
  if (!first || typeof first !== "object") return [];
  if (Array.isArray(first)) return first.filter((t) => t && typeof t === "object");
  if (Array.isArray(first.phases) && first.phases.length && first.phases[0] && first.phases[0].units) {
    const top = {};
    for (const key of KEPT) if (first[key] !== undefined) top[key] = first[key];
    return first.phases.map((p) => ({...top, ...p}));
  }
  return first.units ? [first] : [];
}

function gmSettings() {
  // what the first document set for the phases after it (its last turn's, or a game's)
  const turns = gmTurns();
  const source = turns.length ? turns[turns.length - 1] : gm.first;
  const kept = {};
  for (const key of KEPT) if (source && typeof source === "object" && source[key] !== undefined) kept[key] = source[key];
  return kept;
}

function gmNextTurn(last) {
  return {...last, ...gmSettings(), phase: last.next_phase, orders: {}};
}

async function gmOfferNext(last) {
  $("gm-next-phase").textContent = last.next_phase;
  const next = gmNextTurn(last);
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
  // an uploaded file not edited since is sent as it is, under its name (a .jdip is binary); a
  // turn with an order list (DPjudge/webDiplomacy style) is sent with it, as `--orders` reads it
  const list = kind === "turn" ? $("gm-orders").value.trim() : "";
  const upload = gm.upload && $("gm-input").value === gm.upload.shown;
  if (!upload && !list) return $("gm-input").value;
  const form = new FormData();
  if (upload) form.append(kind === "game" ? "game_file" : "file", gm.upload.file, gm.upload.file.name);
  else form.append("file", new Blob([$("gm-input").value]), "turn.yaml");
  if (list) form.append("orders", new Blob([list + "\n"]), "orders.txt");
  return form;
}

function gmOrdersOf(result) {
  // the orders of a result, by power, as a game's phase lists them
  const orders = {};
  for (const o of result.orders || []) (orders[o.power] = orders[o.power] || []).push(o.order);
  return orders;
}

async function gmRun(kind, body) {
  showError("gm-error", null);
  const path = kind === "game" ? "/api/diplomacy/play" : "/api/diplomacy/adjudicate";
  const answer = await callApi(path, body);
  if (!answer.ok) { showError("gm-error", answer); return false; }
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
  return true;
}

async function gmStart() {
  // a new session: the document as the server reads it (YAML or JSON; a binary record stays as uploaded)
  gm.history = []; gm.played = []; gm.first = null;
  gm.kind = $("gm-mode").value;
  gm.body = gmDocument(gm.kind);
  const binary = gm.upload && $("gm-input").value === gm.upload.shown && gm.upload.shown !== gm.upload.text;
  if (!binary) {
    const parsed = await callApi("/pages/parse", $("gm-input").value);
    gm.first = parsed.ok ? parsed.json() : null;
  }
  await gmRun(gm.kind, gm.body);
}

function gmGame() {
  // the session as one game document (`diplomacy play` reads it): a game with the phases entered
  // here added; or from the last turn typed (its position, its settings), its orders, then the
  // phases entered here; null for a recorded game (a record is exported as it is)
  const first = gm.first;
  const gamePhase = (p) => p && typeof p === "object" && Object.keys(p).every((k) => k === "phase" || k === "orders");
  if (first && !Array.isArray(first) && Array.isArray(first.phases) && !gmTurns().length) {
    // a game file (its phases: a phase and orders each); another document with phases is a record
    return first.phases.every(gamePhase) && !first.record ? {...first, phases: [...first.phases, ...gm.played]} : null;
  }
  const turns = gmTurns();
  if (!turns.length) return null;
  const turn = turns[turns.length - 1];
  const start = {phase: turn.phase || "S1901M", units: turn.units};
  if (turn.centers) start.centers = turn.centers;
  if (turn.influence) start.influence = turn.influence;
  const kept = gmSettings();
  delete kept.rule_changes;  // a game states its rule changes by phase (`changes:`), not per turn
  // orders given as a list are not in the turn typed: the first result holds them
  const orders = turn.orders || (gm.history.length ? gmOrdersOf(gm.history[turns.length - 1]) : {});
  return {...kept, start: start, phases: [{phase: start.phase, orders: orders}, ...gm.played]};
}

async function gmExport() {
  showError("gm-error", null);
  const game = gmGame();
  if (game === null && gm.played.length) {
    showError("gm-error", {text: "error: export: a recorded game continued on this page cannot be exported as one " +
      "game; export it before entering phases", status: 400});
    return;
  }
  const body = game === null ? gm.body : JSON.stringify(game, null, 1);
  const answer = await callApi("/api/diplomacy/play", body, [["output", "export"]]);
  if (!answer.ok) { showError("gm-error", answer); return; }
  const blob = new Blob([answer.text], {type: "application/json"});
  const link = el("a", {href: URL.createObjectURL(blob), download: "game.json"});
  document.body.append(link); link.click(); link.remove();
}

function gmInit() {
  $("gm-file").addEventListener("change", async () => {
    const file = $("gm-file").files[0];
    if (!file) return;
    const text = await file.text();
    const binary = text.includes("\u0000") || text.includes("\ufffd");
    gm.upload = {file: file, text: text, shown: binary ? `(${file.name}: a binary file, sent as uploaded)` : text};
    $("gm-input").value = gm.upload.shown;
    if (/\.(jdip|txt)$/i.test(file.name) || /"phases"|^phases:/m.test(text)) $("gm-mode").value = "game";
  });
  $("gm-form").addEventListener("submit", (event) => { event.preventDefault(); gmStart(); });
  $("gm-next").addEventListener("submit", async (event) => {
    event.preventDefault();
    const turn = gm.next;
    const orders = {};
    for (const fieldset of $("gm-next-orders").querySelectorAll("fieldset")) {
      const power = fieldset.dataset.power;
      orders[power] = [...fieldset.querySelectorAll("select")].map((s) => s.value).filter((v) => v);
    }
    if (await gmRun("turn", JSON.stringify({...turn, orders: orders}, null, 1))) gm.played.push({phase: turn.phase, orders: orders});
  });
  $("gm-export").addEventListener("click", gmExport);
}

// ------------------------------------------------------------------ judge

// rules: the texts of the case's day (POST /pages/judge/rules); readings: "NAME=VALUE" chosen;
// findings: "N=true|false|open" chosen (N as the judge's `findings` count them)
const judge = {rules: {}, context: null, timer: null, readings: [], findings: []};

function judgeGutter(problemLine, message) {
  const lines = $("judge-case").value.split("\n");
  $("judge-gutter").replaceChildren(...lines.map((_, n) => el("span", {class: n + 1 === problemLine ? "bad" : "",
    title: n + 1 === problemLine ? message : ""}, String(n + 1) + (n + 1 === problemLine ? " ✗" : "") + "\n")));
}

function whyRule(cited) {
  const key = cited.split("/")[0];  // "R1728/40": the rule, whichever revision the line names
  const rule = judge.rules[key];
  if (!rule) return el("div", {class: "rule"}, el("cite", {}, cited));
  const revision = rule.revision_of_day !== null && rule.revision_of_day !== undefined ? rule.revision_of_day : rule.revision;
  const label = `${key}${revision !== null && revision !== undefined ? "/" + revision : ""} ${rule.title || ""}` +
    (rule.power ? ` (Power ${rule.power})` : "") + (rule.day ? `, in force on ${rule.day}` : "");
  return el("div", {class: "rule"}, el("cite", {}, label),
    rule.note ? el("p", {class: "note"}, rule.note) : null,
    ...(rule.changes || []).map((c) => el("p", {class: "change"}, c)),
    rule.text ? el("blockquote", {}, rule.text) : null);
}

function whyNode(node) {
  const rules = (node.rules || []).map(whyRule);
  const children = (node.because || []).map(whyNode);
  if (!children.length && !rules.length) return el("div", {class: "leaf"}, node.claim);
  return el("details", {class: "why"}, el("summary", {}, node.claim), ...rules, ...children);
}

function judgeShow(result) {
  $("judge-result").hidden = false;
  $("judge-title").textContent = result.title + (result.cfj ? ` [CFJ ${result.cfj}]` : "");
  $("judge-day").textContent = judge.context && judge.context.day
    ? `Rules as of ${judge.context.day} (${judge.context.day_why})` : "";
  fillTable("judge-verdicts", result.judgements.map((j, n) => [n + 1, j.statement,
    el("strong", {class: "verdict"}, j.verdict), j.reason]));
  $("judge-why").replaceChildren(...result.judgements.map((j, n) => el("section", {class: "statement"},
    el("h3", {}, `${n + 1}. ${j.statement}: ${j.verdict}`),
    ...(j.other_readings || []).map((r) => el("p", {class: "reading"}, "Reading: " + r)),
    j.why ? whyNode(j.why) : el("p", {}, j.summary))));
  judgeReadingToggles(result);
  judgeFindingToggles(result);
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

function judgeFindingToggles(result) {
  // each finding of the case, open or stated, as the judge lists them: set it and judge again
  const box = $("judge-findings");
  const listed = result.findings || [];
  if (!listed.length) { box.replaceChildren(); return; }
  const typed = (judge.context && judge.context.findings) || [];
  box.replaceChildren(el("h2", {}, "Findings"), ...listed.map((finding, i) => {
    const number = i + 1;
    const chosen = judge.findings.find((c) => c.startsWith(number + "="));
    const value = chosen ? chosen.split("=")[1] : typed[i] === true ? "true" : typed[i] === false ? "false" : "open";
    const select = el("select", {"data-finding": String(number)},
      ...[["open", "left open"], ["true", "found: it holds"], ["false", "found: it does not"]].map(([v, words]) => {
        const option = el("option", {value: v}, words);
        if (v === value) option.selected = true;
        return option;
      }));
    select.addEventListener("change", () => {
      judge.findings = [...judge.findings.filter((c) => !c.startsWith(number + "=")), number + "=" + select.value];
      judgeRun();
    });
    const verdicts = (finding.verdicts || []).map((v) =>
      `statement ${v.statement}: ${v.if_it_holds} if it holds, ${v.if_not} if not`).join("; ");
    return el("label", {class: "toggle"}, `${number}. ${finding.finding} (${finding.rules}) `, select,
      verdicts ? el("span", {class: "note"}, " " + verdicts) : null);
  }));
}

function judgeChoices() {
  return [...judge.readings.map((r) => ["option", r]), ...judge.findings.map((f) => ["finding", f])];
}

async function judgeRun() {
  clearTimeout(judge.timer);  // a judging asked for now replaces one waiting for the typing to stop
  const asked = judge.asked = (judge.asked || 0) + 1;
  const text = $("judge-case").value;
  const choices = judgeChoices();
  const answer = choices.length
    ? await callApi("/pages/judge/chosen", text, choices)
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
  const context = await callApi("/pages/judge/rules", text);
  if (asked !== judge.asked) return;
  judge.context = context.ok ? context.json() : null;
  judge.rules = judge.context ? judge.context.rules : {};
  judgeShow(result);
  // the draft of the judgement shown: with the readings and findings toggled
  const draft = choices.length
    ? await callApi("/pages/judge/chosen", text, [...choices, ["draft", "true"]])
    : await callApi("/api/judge", text, [["draft", "true"], ["format", "text"]]);
  if (asked !== judge.asked) return;
  $("judge-draft").value = draft.ok || draft.status === 200 ? draft.text : draft.text.trim();
}

function judgeInit() {
  const area = $("judge-case");
  const fresh = () => { judgeGutter(null, ""); judge.readings = []; judge.findings = []; judgeRun(); };
  uploadInto("judge-file", "judge-case", fresh);
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
  const date = shown.date || $("rules-date").value;  // a rule alone carries no date: the one asked
  $("rules-title").textContent = `${upload ? shown.name || upload.name : $("rules-name").value}${date ? " (" + date + ")" : ""}: ${rules.length} rule(s)`;
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
