#!/usr/bin/env python3
"""Renders an Actuate trace file (Trace Event Format, as DebugSink.trace writes it) as an SVG timeline.

    python3 Docs/trace-timeline.py trace.json timeline.svg

One block per store, one row per action: a bar from the moment the store took the action to its end (blue when
it completed, orange when it was cancelled), the handler's run as a darker band inside it, its state changes as
green diamonds, its cancellation as a red cross, dropped writes as purple squares, and an arrow from the action
whose handler sent it. It is what Perfetto shows, laid out for a page: Perfetto packs actions into as few lanes
as it can, this gives each action a row of its own. Only the standard library is used.
"""
import html
import json
import sys

ROW = 22
LABELS = 250
WIDTH = 1040
TOP = 46
COLORS = {"completed": "#4c78a8", "cancelled": "#f58518", "open": "#9d9d9d"}


def load(path):
    text = open(path, encoding="utf-8", errors="replace").read().strip()
    # The format allows the closing bracket to be missing (a program killed mid-run leaves no ending), and a
    # kill in the middle of a write can cut the last event short: keep the events that are whole.
    if text.startswith("[") and not text.endswith("]"):
        lines = text.split("\n")
        if not lines[-1].endswith("}"):
            lines.pop()
        text = "\n".join(lines).rstrip(",") + "]"
    return json.loads(text)


def spans_and_marks(events):
    stores, spans, marks, flows = {}, [], [], {}
    stacks = {}
    for event in events:
        phase, pid, tid = event.get("ph"), event.get("pid"), event.get("tid")
        if phase == "M" and event.get("name") == "process_name":
            stores[pid] = event["args"]["name"]
        elif phase == "B":
            stacks.setdefault((pid, tid), []).append(event)
        elif phase == "E":
            begin = stacks.get((pid, tid), []).pop()
            depth = len(stacks[(pid, tid)])
            if depth == 0:
                spans.append({"pid": pid, "lane": tid, "name": begin["name"], "start": begin["ts"], "end": event["ts"],
                              "task": begin.get("args", {}).get("task"), "outcome": event.get("args", {}).get("outcome", ""),
                              "handler": None})
            else:
                owner = stacks[(pid, tid)][-1]
                owner.setdefault("handler", (begin["ts"], event["ts"]))
        elif phase == "i" and pid:
            marks.append(event)
        elif phase in ("s", "f"):
            flows.setdefault(event["id"], {})[phase] = event
    for (pid, tid), stack in stacks.items():  # spans still open when the file ended
        for begin in stack[:1]:
            spans.append({"pid": pid, "lane": tid, "name": begin["name"], "start": begin["ts"], "end": None,
                          "task": begin.get("args", {}).get("task"), "outcome": "open", "handler": None})
    return stores, spans, marks, flows


def render(events):
    stores, spans, marks, flows = spans_and_marks(events)
    # Handlers were recorded on the begin event of their action while it was open: attach them to the spans.
    handlers = {}
    for event in events:
        if event.get("ph") == "B" and "handler" in event:
            handlers[(event["pid"], event.get("args", {}).get("task"))] = event["handler"]
    times = [e["ts"] for e in events if "ts" in e and e.get("pid")]
    start, end = min(times), max(times)
    scale = (WIDTH - LABELS - 150) / max(end - start, 1)

    def x(ts):
        return LABELS + (ts - start) * scale

    rows, y = [], TOP
    for pid in sorted(stores):
        rows.append(("store", pid, y))
        y += ROW
        for span in sorted((s for s in spans if s["pid"] == pid), key=lambda s: s["start"]):
            span["y"] = y
            span["handler"] = handlers.get((pid, span["task"]))
            rows.append(("span", span, y))
            y += ROW
        y += 8
    height = y + 40

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" font-family="Menlo, Consolas, monospace" font-size="11">',
           '<defs><marker id="arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto">'
           '<path d="M0,0 L8,4 L0,8 z" fill="#555"/></marker></defs>',
           f'<rect width="{WIDTH}" height="{height}" fill="white"/>']
    # Time axis: a tick every round number of milliseconds.
    span_ms = (end - start) / 1000
    step = next(s for s in (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000) if span_ms / s <= 10)
    tick = 0.0
    while tick <= span_ms + 1e-9:
        tx = x(start + tick * 1000)
        out.append(f'<line x1="{tx:.1f}" y1="{TOP - 8}" x2="{tx:.1f}" y2="{height - 40}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{tx:.1f}" y="{TOP - 14}" text-anchor="middle" fill="#666">{tick:g} ms</text>')
        tick += step
    for kind, item, row_y in rows:
        if kind == "store":
            out.append(f'<rect x="0" y="{row_y}" width="{WIDTH}" height="{ROW}" fill="#f3f3f3"/>')
            out.append(f'<text x="6" y="{row_y + 15}" font-weight="bold">{html.escape(stores[item])}</text>')
            for mark in (m for m in marks if m["pid"] == item and m.get("tid") == 0):
                out.append(f'<line x1="{x(mark["ts"]):.1f}" y1="{row_y + 4}" x2="{x(mark["ts"]):.1f}" y2="{row_y + ROW - 4}" stroke="#333"/>')
                out.append(f'<text x="{x(mark["ts"]) + 4:.1f}" y="{row_y + 15}" fill="#333">{html.escape(mark["name"])}</text>')
            continue
        span = item
        label = span["name"] if len(span["name"]) <= 32 else span["name"][:31] + "…"
        out.append(f'<text x="18" y="{row_y + 15}">{html.escape(label)}</text>')
        finish = span["end"] if span["end"] is not None else end
        color = COLORS["cancelled" if span["outcome"].startswith("cancelled") else ("open" if span["outcome"] == "open" else "completed")]
        bar_x, bar_w = x(span["start"]), max(x(finish) - x(span["start"]), 2)
        out.append(f'<rect x="{bar_x:.1f}" y="{row_y + 4}" width="{bar_w:.1f}" height="{ROW - 8}" rx="2" fill="{color}" fill-opacity="0.55"/>')
        if span["handler"]:
            h_start, h_end = span["handler"]
            out.append(f'<rect x="{x(h_start):.1f}" y="{row_y + 11}" width="{max(x(h_end) - x(h_start), 2):.1f}" height="{ROW - 15}" fill="{color}"/>')
        took = (finish - span["start"]) / 1000
        note = f'{span["outcome"]} · {took:.1f} ms' if took >= 0.1 else span["outcome"]
        out.append(f'<text x="{bar_x + bar_w + 5:.1f}" y="{row_y + 15}" fill="#444">{html.escape(note)}</text>')
        for mark in (m for m in marks if m["pid"] == span["pid"] and m.get("tid") == span["lane"]
                     and span["start"] <= m["ts"] <= finish):
            mx, my = x(mark["ts"]), row_y + ROW / 2
            if mark["name"].startswith("cancelled"):
                out.append(f'<path d="M{mx - 4:.1f},{my - 4:.1f} L{mx + 4:.1f},{my + 4:.1f} M{mx - 4:.1f},{my + 4:.1f} L{mx + 4:.1f},{my - 4:.1f}" stroke="#d62728" stroke-width="2"/>')
            elif mark["name"] == "write dropped":
                out.append(f'<rect x="{mx - 3:.1f}" y="{my - 3:.1f}" width="6" height="6" fill="#9467bd"/>')
            else:
                out.append(f'<path d="M{mx:.1f},{my - 5:.1f} L{mx + 5:.1f},{my:.1f} L{mx:.1f},{my + 5:.1f} L{mx - 5:.1f},{my:.1f} z" fill="#2ca02c"/>')
    by_task = {(s["pid"], s["task"]): s for s in spans}
    for flow in flows.values():
        if "s" not in flow or "f" not in flow:
            continue
        target = by_task.get((flow["f"]["pid"], str(flow["f"]["id"])))
        source = next((s for s in spans if s["pid"] == flow["s"]["pid"] and s["lane"] == flow["s"]["tid"]
                       and s["start"] <= flow["s"]["ts"] <= (s["end"] or end)), None)
        if not target or not source:
            continue
        x1, y1 = x(source["end"] if source["end"] is not None else flow["s"]["ts"]), source["y"] + ROW / 2
        x2, y2 = x(target["start"]), target["y"] + 5
        out.append(f'<path d="M{x1:.1f},{y1:.1f} C{x1 + 14:.1f},{y1:.1f} {x2 - 14:.1f},{y2 - 6:.1f} {x2:.1f},{y2:.1f}" fill="none" stroke="#555" marker-end="url(#arrow)"/>')
    legend_y = height - 18
    legend = [("completed", COLORS["completed"]), ("cancelled", COLORS["cancelled"])]
    lx = 18
    for name, color in legend:
        out.append(f'<rect x="{lx}" y="{legend_y - 9}" width="22" height="11" fill="{color}" fill-opacity="0.55"/><text x="{lx + 28}" y="{legend_y}">{name}</text>')
        lx += 110
    out.append(f'<path d="M{lx + 5},{legend_y - 9} L{lx + 10},{legend_y - 4} L{lx + 5},{legend_y + 1} L{lx},{legend_y - 4} z" fill="#2ca02c"/><text x="{lx + 16}" y="{legend_y}">state changed</text>')
    lx += 130
    out.append(f'<path d="M{lx},{legend_y - 8} L{lx + 8},{legend_y} M{lx},{legend_y} L{lx + 8},{legend_y - 8}" stroke="#d62728" stroke-width="2"/><text x="{lx + 14}" y="{legend_y}">cancelled, and why</text>')
    lx += 160
    out.append(f'<rect x="{lx}" y="{legend_y - 7}" width="6" height="6" fill="#9467bd"/><text x="{lx + 12}" y="{legend_y}">write dropped</text>')
    lx += 115
    out.append(f'<path d="M{lx},{legend_y - 4} L{lx + 24},{legend_y - 4}" stroke="#555" marker-end="url(#arrow)"/><text x="{lx + 30}" y="{legend_y}">sent by</text>')
    lx += 90
    out.append(f'<text x="{lx}" y="{legend_y}" fill="#666">dark band: handler running</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: trace-timeline.py TRACE.json OUTPUT.svg  (TRACE.json as DebugSink.trace or ACTUATE_TRACE writes it)")
    try:
        events = load(sys.argv[1])
    except (OSError, ValueError) as error:
        sys.exit(f"cannot read the trace {sys.argv[1]}: {error}. Give the path of a file DebugSink.trace wrote.")
    if not any(e.get("ph") == "B" for e in events):
        sys.exit(f"{sys.argv[1]} has no action spans: was any action sent while the trace was on?")
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        out.write(render(events))


if __name__ == "__main__":
    main()
