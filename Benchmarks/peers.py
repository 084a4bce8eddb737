#!/usr/bin/env python3
"""The benchmark's peers: Blend2D (blend2d-python) and Skia (skia-python) drawing the pictures
ring-benchmark draws, each frame from scratch on one thread, timed with perf_counter_ns.

Prints one JSON object per line: {"case": NAME, "peer": "blend2d"|"skia", "us": MEDIAN}.
`--quick` takes fewer samples; `--save DIR` writes one frame of each as a PNG to look at.
Missing modules are a one-line error naming the pip packages (exit 1).
"""
import colorsys
import json
import math
import sys
import time

try:
    import blend2d as bl
    import skia
except ImportError as error:
    sys.exit(f"peers: error: {error.name} is missing: pip install blend2d-python skia-python")

QUICK = "--quick" in sys.argv
SAVE = sys.argv[sys.argv.index("--save") + 1] if "--save" in sys.argv else None

# The seed's palette: 73 hues from red round to red, evenly spaced (ring-benchmark's own).
HUES = [colorsys.hsv_to_rgb((i % 72) / 72, 1, 1) for i in range(73)]


def argb(rgb, alpha=1.0):
    r, g, b = (round(c * 255) for c in rgb)
    return (round(alpha * 255) << 24) | (r << 16) | (g << 8) | b


def rgba(rgb):
    # The binding takes (blue, green, red, alpha) for PRGB32's byte order.
    return (rgb[2], rgb[1], rgb[0], 1.0)


class Case:
    """A picture: a `size`-point ring of `width` points at `scale`, its arc from `start`
    (turns, 0 at twelve o'clock) over `sweep` turns, a diagonal (linear) or conic gradient,
    turned by `turn` turns; `frame(i)` gives frame i's (sweep, turn)."""

    def __init__(self, name, size, width, scale, kind, motion=None, caps=False):
        self.name, self.size, self.width, self.scale = name, size, width, scale
        self.kind, self.motion, self.caps = kind, motion, caps
        self.pixels = round(size * scale)

    def frame(self, i):
        if self.motion == "progress":
            return 0.05 + 0.9 * ((i * 7) % 100) / 100, 0.0
        if self.motion == "spin":
            return 0.75, (i % 60) / 60
        return (1.0 if self.kind == "linear" else 0.75), 0.0


CASES = [
    Case("seed ring 1x", 160, 20, 1, "linear"),
    Case("seed ring 2x", 160, 20, 2, "linear"),
    Case("seed ring 3x", 160, 20, 3, "linear"),
    Case("ring 2048", 2048, 256, 1, "linear"),
    Case("conic arc 2x", 160, 20, 2, "conic", caps=True),
    Case("conic arc 2048", 2048, 256, 1, "conic", caps=True),
    Case("progress ring animated 2x", 160, 20, 2, "conic", "progress", caps=True),
    Case("progress ring animated 2048", 2048, 256, 1, "conic", "progress", caps=True),
    Case("spinner turning 2x", 160, 20, 2, "conic", "spin", caps=True),
    Case("spinner turning 2048", 2048, 256, 1, "conic", "spin", caps=True),
]


def blend2d_drawer(case):
    n = case.pixels
    image = bl.BLImage(n, n, bl.BLFormat.PRGB32)
    ctx = bl.BLContext(image)
    s = case.scale
    centre = case.size * s / 2
    radius = (case.size - case.width) / 2 * s

    def draw(i):
        sweep, turn = case.frame(i)
        ctx.clear_all()
        if case.kind == "linear":
            gradient = bl.create_linear_gradient(0, 0, n, n)
        else:
            # Conic: angle 0 points along +x; start at twelve o'clock, turned by `turn`.
            gradient = bl.create_conical_gradient(centre, centre, -math.pi / 2 + 2 * math.pi * turn)
            gradient.set_value(3, 1.0)  # one repeat a turn (the binding leaves it 0)
        for k, rgb in enumerate(HUES):
            gradient.add_stop(k / 72, rgba(rgb))
        ctx.set_stroke_style(gradient)
        ctx.stroke_width = case.width * s
        cap = bl.BLStrokeCap.CAP_ROUND if case.caps else bl.BLStrokeCap.CAP_BUTT
        ctx.set_stroke_caps(cap)
        path = bl.BLPath()
        start = -math.pi / 2 + 2 * math.pi * turn
        if sweep >= 1:
            path.add_circle(centre, centre, radius)
        else:
            path.add_arc(centre, centre, radius, start, 2 * math.pi * sweep)
        ctx.stroke_path(path)
        ctx.flush()

    def save(path):
        image.writeToFile(path)

    return draw, save


def skia_drawer(case):
    n = case.pixels
    surface = skia.Surface(n, n)
    canvas = surface.getCanvas()
    s = case.scale
    centre = case.size * s / 2
    radius = (case.size - case.width) / 2 * s
    colors = [argb(rgb) for rgb in HUES]
    positions = [k / 72 for k in range(73)]
    oval = skia.Rect.MakeLTRB(centre - radius, centre - radius, centre + radius, centre + radius)

    def draw(i):
        sweep, turn = case.frame(i)
        canvas.clear(0)
        if case.kind == "linear":
            shader = skia.GradientShader.MakeLinear(
                [skia.Point(0, 0), skia.Point(n, n)], colors, positions)
        else:
            matrix = skia.Matrix.RotateDeg(-90 + 360 * turn, skia.Point(centre, centre))
            shader = skia.GradientShader.MakeSweep(
                centre, centre, colors, positions, skia.TileMode.kClamp, 0, 360, 0, matrix)
        paint = skia.Paint(
            AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=case.width * s,
            Shader=shader,
            StrokeCap=skia.Paint.kRound_Cap if case.caps else skia.Paint.kButt_Cap)
        if sweep >= 1:
            canvas.drawCircle(centre, centre, radius, paint)
        else:
            canvas.drawArc(oval, -90 + 360 * turn, 360 * sweep, False, paint)
        surface.flushAndSubmit()

    def save(path):
        surface.makeImageSnapshot().save(path, skia.kPNG)

    return draw, save


def median_us(draw, pixels):
    samples = (7 if QUICK else 21) if pixels > 1000 else (31 if QUICK else 151)
    for i in range(3):
        draw(i)
    times = []
    for i in range(samples):
        t0 = time.perf_counter_ns()
        draw(i)
        times.append(time.perf_counter_ns() - t0)
    times.sort()
    return times[len(times) // 2] / 1000


for case in CASES:
    for peer, maker in [("blend2d", blend2d_drawer), ("skia", skia_drawer)]:
        draw, save = maker(case)
        us = median_us(draw, case.pixels)
        if SAVE:
            draw(5)
            save(f"{SAVE}/{peer}-{case.name.replace(' ', '-')}.png")
        print(json.dumps({"case": case.name, "peer": peer, "us": round(us, 1)}), flush=True)
