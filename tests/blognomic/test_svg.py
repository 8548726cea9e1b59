"""The Chart drawn as SVG, checked as XML and, where chromium is installed, rendered headless and
read back pixel by pixel (tests skip the screenshot without it)."""

from __future__ import annotations

import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from adjudicator.blognomic import watch
from adjudicator.blognomic.svg import CELL, MARGIN, draw

CASES = Path(__file__).resolve().parents[2] / "cases" / "blognomic" / "watch"
NS = "{http://www.w3.org/2000/svg}"


def _svg(name: str) -> tuple[str, watch.WatchReport]:
    case = CASES / f"{name}.yaml"
    chart, orders = watch.load_chart(case), watch.load_orders(case)
    report = watch.adjudicate(chart, orders, compare=False)
    return draw(chart, orders, report), report


def test_svg_has_every_part():
    text, report = _svg("sinking-reward")
    root = ET.fromstring(text)
    groups = [g for g in root.iter(f"{NS}g")]
    vessels = [g for g in groups if g.get("class") == "vessel"]
    assert {g.get("data-code") for g in vessels} == {v.code for v in report.chart.vessels}
    assert sum(1 for g in groups if g.get("class") == "shot") == len(set(report.shots))
    assert sum(1 for g in groups if g.get("class") == "port") == len(report.chart.ports)
    lines = [e for e in root.iter(f"{NS}line") if (e.get("class") or "").startswith("order")]
    assert len(lines) == 2  # two valid shots


def test_red_october_square_is_not_drawn():
    text, report = _svg("red-october")
    assert "red-october-quadrant" in text
    assert "Red October" not in {g.get("data-code") for g in ET.fromstring(text).iter(f"{NS}g")}


def _png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Decode an 8-bit RGB/RGBA non-interlaced PNG (what chromium writes) with the standard library."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks += body
        pos += 12 + length
    width, height, depth, colour = header[:4]
    assert depth == 8 and colour in (2, 6)
    bpp = 3 if colour == 2 else 4
    raw, stride, rows, prev = zlib.decompress(chunks), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, bpp, rows


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")
def test_headless_chromium_renders_the_chart(tmp_path):
    text, report = _svg("land")
    svg = tmp_path / "chart.svg"
    svg.write_text(text)
    png = tmp_path / "chart.png"
    size = MARGIN * 2 + CELL * 10
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={png}",
                    f"--window-size={size},{size + 40}", svg.as_uri()], check=True, capture_output=True, timeout=120)
    width, bpp, rows = _png_pixels(png.read_bytes())

    def pixel(x: int, y: int) -> tuple[int, ...]:
        return tuple(rows[y][x * bpp:x * bpp + 3])

    land = report.chart.land[0]  # square 45: a Land square, drawn tan, with the vessel that ran aground
    r, c = divmod(land - 1, 10)
    assert pixel(MARGIN + c * CELL + 6, MARGIN + r * CELL + CELL // 2) == (0xC8, 0xB2, 0x7D)
    assert pixel(MARGIN + 30, MARGIN + 40) == (0xD6, 0xEA, 0xF8)  # square 1: open sea


def test_svg_names_captains_has_a_side_legend_and_draws_invalid_orders():
    text, report = _svg("move-blocked")
    root = ET.fromstring(text)
    names = {t.text for t in root.iter(f"{NS}text") if t.get("class") == "captain"}
    assert names == {v.captain for v in report.chart.vessels}
    legend = next(g for g in root.iter(f"{NS}g") if g.get("class") == "legend")
    rows = [t.text for t in legend.iter(f"{NS}text")]
    assert "Red: ubq323, Lulu" in rows and "Blue: Clucky" in rows
    invalid = [e for e in root.iter() if "invalid" in (e.get("class") or "").split()]
    assert len(invalid) == sum(1 for o in report.orders if o.result == "INVALID") == 3
    listed = next(g for g in root.iter(f"{NS}g") if g.get("class") == "invalid-orders")
    assert any("would enter Land" in (t.text or "") for t in listed.iter(f"{NS}text"))
