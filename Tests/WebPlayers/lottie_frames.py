#!/usr/bin/env python3
"""Render frames of a Lottie animation with a real player, for the Swift tests.

    python3 lottie_frames.py --player rlottie|thorvg --frames 0,3,5,437 --out DIR
                             [--background white|none] FILE

FILE is a Bodymovin 5 JSON (.json) or a dotLottie zip (.lottie: manifest.json plus
animations/<id>.json; the manifest's first animation is rendered).

Each requested frame is rendered at the composition's own size (w x h) and written as
DIR/frame-<index>.png, where <index> is the 0-based position of the frame in --frames.
The PNGs are always 8-bit RGBA (colour type 6): straight (not premultiplied) alpha with
--background none, or composited over opaque white (alpha 255) with --background white
(the default).

Frame numbers count from the composition's `ip` (frame 0 is `ip`, as both players do)
and must lie in 0 <= frame < op - ip. They may be fractional for ThorVG; rlottie only
renders whole frames, so a fractional frame is an error with --player rlottie.

Output on stdout:
    wrote DIR/frame-0.png 160x160                    (one per frame)
    composition: fr=60 totalFrames=180 duration=3 w=160 h=160 json.fr=60 json.ip=0 json.op=180 json.w=160 json.h=160
    player: thorvg 1.0.4 (thorvg-python 1.1.3), 4 frames in 0.052 s (rendering alone 0.012 s)

In the `composition:` line the unprefixed values are what the player reports:
fr (rlottie: lottie_animation_get_framerate; ThorVG: totalFrames / duration), totalFrames
(rlottie counts op - ip + 1 frames, ThorVG op - ip), duration in seconds and the size;
the `json.` values are read from the file itself.

Any error (bad arguments, unreadable or malformed file, bad archive, the player refusing
the JSON or crashing, a time-out) prints one line on stderr and exits with status 1.
The player runs in a child process, so a crash or a hang inside the native library is
reported the same way. LOTTIE_FRAMES_TIMEOUT (seconds; default 60 plus 1 per frame)
bounds the player's run.
"""

import argparse
import json
import math
import os
import signal
import subprocess
import sys
import time
import zipfile

PROG = "lottie_frames.py"
PLAYERS = ("rlottie", "thorvg")
CHILD_FLAG = "--_render-child"
DEFAULT_TIMEOUT = 60.0


class Fail(Exception):
    """A fatal error; its message becomes the one line on stderr."""


def die(message, hard=False):
    sys.stdout.flush()
    text = " ".join(str(message).split())  # exactly one line
    sys.stderr.write(f"{PROG}: error: {text}\n")
    sys.stderr.flush()
    if hard:
        os._exit(1)  # child: skip the bindings' __del__ hooks at interpreter exit
    sys.exit(1)


def exc_text(e):
    t = type(e)
    name = t.__name__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__name__}"
    return f"{name}: {e}"


def fmt_num(x):
    """A float without noise: 60.0 -> '60', 59.939998626708984 -> '59.94', 2.991666 -> '2.991667'."""
    if isinstance(x, int):
        return str(x)
    if not math.isfinite(x):
        return str(x)
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.6g}" if abs(x) < 1e5 else repr(x)


# ----------------------------------------------------------------------------------------
# Arguments


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit 2 with a multi-line usage
        die(f"{message} (usage: {PROG} --player rlottie|thorvg --frames 0,3,5 --out DIR "
            f"[--background white|none] FILE)")


def parse_frames(text):
    frames = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise Fail(f"--frames {text!r}: empty entry (expected numbers separated by commas)")
        try:
            value = float(part)
        except ValueError:
            raise Fail(f"--frames: {part!r} is not a number") from None
        if not math.isfinite(value) or value < 0:
            raise Fail(f"--frames: {part!r} must be a finite number >= 0")
        frames.append(value)
    return frames


def parse_args(argv):
    p = _Parser(prog=PROG, description="Render Lottie frames with rlottie or ThorVG.")
    p.add_argument("--player", required=True, choices=PLAYERS)
    p.add_argument("--frames", required=True, help="comma-separated frame numbers, e.g. 0,3,5,2.5")
    p.add_argument("--out", required=True, help="output directory (created if missing)")
    p.add_argument("--background", default="white", choices=("white", "none"))
    p.add_argument("file", metavar="FILE", help="Lottie .json or dotLottie .lottie")
    return p.parse_args(argv)


# ----------------------------------------------------------------------------------------
# Reading the file (parent process; no player library is loaded here)


def _reject_constant(name):
    raise ValueError(f"non-standard JSON constant {name}")


def read_lottie_text(path):
    """The Lottie JSON text of FILE (extracted from a dotLottie if need be), and a description."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise Fail(f"cannot read {path}: {e.strerror or e}") from None
    if not raw:
        raise Fail(f"{path}: file is empty")

    is_zip = raw[:4] in (b"PK\x03\x04", b"PK\x05\x06")
    if path.lower().endswith(".lottie") or is_zip:
        return read_dotlottie(path), f"{path} (dotLottie)"
    try:
        return raw.decode("utf-8"), path
    except UnicodeDecodeError as e:
        raise Fail(f"{path}: not UTF-8 text ({e.reason} at byte {e.start})") from None


def read_dotlottie(path):
    try:
        with zipfile.ZipFile(path) as z:
            try:
                bad = z.testzip()
            except Exception as e:  # zlib.error on a damaged deflate stream, EOFError, ...
                raise Fail(f"{path}: damaged dotLottie archive: {exc_text(e)}") from None
            if bad is not None:
                raise Fail(f"{path}: damaged dotLottie archive: member {bad!r} fails its CRC check")
            names = set(z.namelist())
            if "manifest.json" not in names:
                raise Fail(f"{path}: dotLottie archive has no manifest.json "
                           f"(members: {', '.join(sorted(names)) or 'none'})")
            try:
                manifest = json.loads(z.read("manifest.json").decode("utf-8"),
                                      parse_constant=_reject_constant)
            except (UnicodeDecodeError, ValueError) as e:
                raise Fail(f"{path}: manifest.json is not valid JSON: {e}") from None
            anims = manifest.get("animations") if isinstance(manifest, dict) else None
            if not isinstance(anims, list) or not anims or not isinstance(anims[0], dict) \
                    or not isinstance(anims[0].get("id"), str) or not anims[0]["id"]:
                raise Fail(f"{path}: manifest.json has no animations[0].id")
            anim_id = anims[0]["id"]
            # dotLottie 1.0 keeps animations in animations/, 2.0 in a/.
            for member in (f"animations/{anim_id}.json", f"a/{anim_id}.json"):
                if member in names:
                    break
            else:
                raise Fail(f"{path}: manifest names animation {anim_id!r} but the archive has no "
                           f"animations/{anim_id}.json")
            data = z.read(member)
    except zipfile.BadZipFile as e:
        raise Fail(f"{path}: not a valid dotLottie (zip) archive: {e}") from None
    except Fail:
        raise
    except Exception as e:  # zlib.error, EOFError, OSError, NotImplementedError (method), ...
        raise Fail(f"{path}: cannot read dotLottie archive: {exc_text(e)}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Fail(f"{path}: {member} is not UTF-8 text ({e.reason} at byte {e.start})") from None


def check_composition(text, where):
    """The top-level numbers of the Lottie JSON, checked well enough to size the canvas."""
    try:
        doc = json.loads(text, parse_constant=_reject_constant)
    except ValueError as e:
        raise Fail(f"{where}: not valid JSON: {e}") from None
    if not isinstance(doc, dict):
        raise Fail(f"{where}: top-level JSON value is not an object")

    def number(key):
        v = doc.get(key)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise Fail(f"{where}: Lottie field {key!r} is missing or not a number (got {v!r})")
        return v

    comp = {k: number(k) for k in ("fr", "ip", "op", "w", "h")}
    for key in ("w", "h"):
        v = comp[key]
        if v != int(v) or not 1 <= v <= 16384:
            raise Fail(f"{where}: composition {key}={v!r} must be a whole number from 1 to 16384")
        comp[key] = int(v)
    if comp["fr"] <= 0:
        raise Fail(f"{where}: frame rate fr={comp['fr']!r} must be positive")
    if comp["op"] <= comp["ip"]:
        raise Fail(f"{where}: out point op={comp['op']!r} must be after in point ip={comp['ip']!r}")
    if not isinstance(doc.get("layers"), list):
        raise Fail(f"{where}: Lottie field 'layers' is missing or not a list")
    return comp


# ----------------------------------------------------------------------------------------
# Pixels: both players are driven to give premultiplied RGBA bytes, converted here.


def to_png_image(premul_rgba, w, h, background):
    """An 8-bit RGBA Pillow image from premultiplied RGBA bytes (R, G, B, A per pixel)."""
    from PIL import Image, ImageChops, ImageMath

    im = Image.frombuffer("RGBa", (w, h), premul_rgba, "raw", "RGBa", 0, 1)
    r, g, b, a = im.split()  # split() of "RGBa" gives the stored, premultiplied bands
    if background == "white":
        # Over opaque white: c + 255 * (1 - alpha) = c_premul + (255 - a), exact in 8 bits.
        inv = ImageChops.invert(a)
        rgb = [ImageChops.add(c, inv) for c in (r, g, b)]  # add() clips at 255
        opaque = Image.new("L", (w, h), 255)
        return Image.merge("RGBA", rgb + [opaque])

    # Straight alpha, rounded to nearest: round(255 * c / a), 0 where a == 0.
    # (Pillow's own RGBa -> RGBA conversion truncates instead.)
    ai = a.convert("I")
    half = ImageMath.lambda_eval(lambda e: e["a"] / 2, a=ai)
    out = []
    for c in (r, g, b):
        q = ImageMath.lambda_eval(
            lambda e: e["min"]((e["c"] * 255 + e["half"]) / e["a"], 255),
            c=c.convert("I"), a=ai, half=half)
        out.append(q.convert("L"))
    # ImageMath's integer division by zero yields 0, which is right for a == 0.
    return Image.merge("RGBA", out + [a])


def save_png(image, path):
    tmp = f"{path}.tmp-{os.getpid()}"
    try:
        image.save(tmp, format="PNG", compress_level=1)  # speed over size: these are scratch files
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


# ----------------------------------------------------------------------------------------
# Players (child process)


def package_version(dist):
    try:
        from importlib.metadata import version
        return version(dist)
    except Exception:
        return "unknown"


class RlottiePlayer:
    name = "rlottie"

    def __init__(self, text, comp):
        try:
            import rlottie_python
            from rlottie_python import LottieAnimation
        except Exception as e:
            raise Fail(f"cannot import rlottie_python ({e}); pip install rlottie-python") from None
        try:
            self.anim = LottieAnimation.from_data(text)
        except OSError as e:
            raise Fail(f"rlottie: {e}") from None
        if not self.anim.animation_p:
            raise Fail("rlottie refused the JSON (lottie_animation_from_data returned a null animation)")
        libver = "?"  # the library has no version call; the wheel ships librlottie.so.<version>
        for entry in sorted(os.listdir(os.path.dirname(rlottie_python.__file__))):
            if entry.startswith("librlottie.so.") and entry.count(".") >= 3:
                libver = entry[len("librlottie.so."):]
        self.version = f"{libver} (rlottie-python {package_version('rlottie-python')})"
        w, h = self.anim.lottie_animation_get_size()
        self.size = (w, h)
        self.fr = self.anim.lottie_animation_get_framerate()
        self.total = self.anim.lottie_animation_get_totalframe()
        self.duration = self.anim.lottie_animation_get_duration()
        if self.total <= 0 or w <= 0 or h <= 0:
            raise Fail(f"rlottie loaded the JSON but reports {self.total} frames at {w}x{h}")

    def check_frame(self, frame):
        if frame != int(frame):
            raise Fail(f"rlottie renders whole frames only; frame {fmt_num(frame)} is fractional "
                       f"(use --player thorvg for fractional frames)")

    def render(self, frame, w, h):
        buf = self.anim.lottie_animation_render(
            frame_num=int(frame), buffer_size=w * h * 4, width=w, height=h, bytes_per_line=w * 4)
        # rlottie writes premultiplied ARGB32 words, i.e. B, G, R, A bytes on little-endian.
        out = bytearray(buf)
        out[0::4] = buf[2::4]
        out[2::4] = buf[0::4]
        return bytes(out)

    def close(self):
        self.anim.lottie_animation_destroy()


class ThorvgPlayer:
    name = "thorvg"

    def __init__(self, text, comp):
        try:
            import thorvg_python as tvg
        except Exception as e:
            raise Fail(f"cannot import thorvg_python ({e}); pip install thorvg-python") from None
        self.tvg = tvg
        self.engine = tvg.Engine(threads=0)
        if self.engine.init_result != tvg.Result.SUCCESS:
            raise Fail(f"ThorVG engine failed to start ({self.engine.init_result.name})")
        _, _, _, _, ver = self.engine.version()
        self.version = f"{ver or '?'} (thorvg-python {package_version('thorvg-python')})"
        self.anim = tvg.LottieAnimation(self.engine)
        self.picture = self.anim.get_picture()
        res = self.picture.load_data(text.encode("utf-8"), "lottie", None, True)
        if res != tvg.Result.SUCCESS:
            raise Fail(f"ThorVG refused the JSON (tvg_picture_load_data returned {res.name})")
        res, pw, ph = self.picture.get_size()
        res2, self.total = self.anim.get_total_frame()
        _, self.duration = self.anim.get_duration()
        if res != tvg.Result.SUCCESS or res2 != tvg.Result.SUCCESS or self.total <= 0 or pw <= 0 or ph <= 0:
            raise Fail(f"ThorVG loaded the JSON but reports {fmt_num(self.total)} frames at "
                       f"{fmt_num(pw)}x{fmt_num(ph)}")
        self.size = (pw, ph)
        self.fr = self.total / self.duration if self.duration > 0 else float("nan")
        self.canvas = None

    def check_frame(self, frame):
        pass

    def render(self, frame, w, h):
        tvg = self.tvg
        if self.canvas is None:
            self.canvas = tvg.SwCanvas(self.engine)
            # ABGR8888 = (a << 24 | b << 16 | g << 8 | r): R, G, B, A bytes, premultiplied.
            res = self.canvas.set_target(w, h, w, tvg.Colorspace.ABGR8888)
            if res != tvg.Result.SUCCESS:
                raise Fail(f"ThorVG could not set a {w}x{h} canvas ({res.name})")
            if self.picture.get_size()[1:] != (float(w), float(h)):
                self.picture.set_size(w, h)
            res = self.canvas.add(self.picture)
            if res != tvg.Result.SUCCESS:
                raise Fail(f"ThorVG could not add the animation to the canvas ({res.name})")
        res = self.anim.set_frame(frame)
        # INSUFFICIENT_CONDITION only means "already at that frame" (within 0.001).
        if res not in (tvg.Result.SUCCESS, tvg.Result.INSUFFICIENT_CONDITION):
            raise Fail(f"ThorVG refused frame {fmt_num(frame)} ({res.name})")
        _, now = self.anim.get_frame()
        if abs(now - frame) > 0.002:
            raise Fail(f"ThorVG is at frame {fmt_num(now)} after being asked for {fmt_num(frame)}")
        for step, call in (("update", self.canvas.update), ("draw", lambda: self.canvas.draw(True)),
                           ("sync", self.canvas.sync)):
            res = call()
            if res != tvg.Result.SUCCESS:
                raise Fail(f"ThorVG canvas {step} failed at frame {fmt_num(frame)} ({res.name})")
        return bytes(self.canvas.buffer_arr)

    def close(self):
        if self.canvas is not None:
            self.canvas.destroy()  # releases the canvas's reference to the picture
        self.anim._del()
        self.engine.term()


def child_main(job):
    """Runs in the child: load the player, render, write PNGs, print the report lines."""
    text = sys.stdin.buffer.read().decode("utf-8")
    comp = job["comp"]
    w, h = comp["w"], comp["h"]
    player = (RlottiePlayer if job["player"] == "rlottie" else ThorvgPlayer)(text, comp)
    for frame in job["frames"]:
        player.check_frame(frame)
    pw, ph = player.size
    if (round(pw), round(ph)) != (w, h):
        raise Fail(f"{player.name} reads the composition as {fmt_num(pw)}x{fmt_num(ph)}, "
                   f"the JSON says {w}x{h}")

    out_dir = job["out"]
    start = time.perf_counter()
    render_time = 0.0
    for index, frame in enumerate(job["frames"]):
        t0 = time.perf_counter()
        premul = player.render(frame, w, h)
        render_time += time.perf_counter() - t0
        if len(premul) != w * h * 4:
            raise Fail(f"{player.name} returned {len(premul)} bytes for a {w}x{h} frame")
        path = os.path.join(out_dir, f"frame-{index}.png")
        try:
            save_png(to_png_image(premul, w, h, job["background"]), path)
        except OSError as e:
            raise Fail(f"cannot write {path}: {e.strerror or e}") from None
        print(f"wrote {path} {w}x{h}", flush=True)
    elapsed = time.perf_counter() - start

    print(f"composition: fr={fmt_num(player.fr)} totalFrames={fmt_num(player.total)} "
          f"duration={fmt_num(player.duration)} w={fmt_num(pw)} h={fmt_num(ph)} "
          f"json.fr={fmt_num(comp['fr'])} json.ip={fmt_num(comp['ip'])} json.op={fmt_num(comp['op'])} "
          f"json.w={w} json.h={h}")
    print(f"player: {player.name} {player.version}, {len(job['frames'])} frames in {elapsed:.3f} s "
          f"(rendering alone {render_time:.3f} s)",
          flush=True)
    player.close()


# ----------------------------------------------------------------------------------------
# Parent: validate, then run the player in a child so crashes and hangs become errors.


def main(argv):
    args = parse_args(argv)
    frames = parse_frames(args.frames)
    text, where = read_lottie_text(args.file)
    comp = check_composition(text, where)
    span = comp["op"] - comp["ip"]
    for frame in frames:
        if not frame < span:
            raise Fail(f"frame {fmt_num(frame)} is out of range: the composition has frames "
                       f"0 <= frame < {fmt_num(span)} (op {fmt_num(comp['op'])} - ip {fmt_num(comp['ip'])})")

    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        raise Fail(f"cannot create output directory {args.out}: {e.strerror or e}") from None
    if not os.path.isdir(args.out):
        raise Fail(f"--out {args.out} is not a directory")

    try:
        timeout = float(os.environ.get("LOTTIE_FRAMES_TIMEOUT", DEFAULT_TIMEOUT + len(frames)))
    except ValueError:
        raise Fail("LOTTIE_FRAMES_TIMEOUT must be a number of seconds") from None
    if not timeout > 0:
        raise Fail("LOTTIE_FRAMES_TIMEOUT must be a positive number of seconds")

    job = {"player": args.player, "frames": frames, "out": args.out,
           "background": args.background, "comp": comp}
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    try:
        child = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), CHILD_FLAG, json.dumps(job)],
            stdin=subprocess.PIPE, stdout=None, stderr=subprocess.PIPE, env=env)
    except OSError as e:
        raise Fail(f"cannot start the renderer: {e}") from None
    try:
        _, err = child.communicate(text.encode("utf-8"), timeout=timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise Fail(f"{args.player} did not finish within {fmt_num(timeout)} s on {where} "
                   f"(set LOTTIE_FRAMES_TIMEOUT to allow longer)") from None
    except KeyboardInterrupt:
        child.kill()
        child.communicate()
        raise Fail("interrupted") from None

    lines = [ln for ln in err.decode("utf-8", "replace").splitlines() if ln.strip()]
    if child.returncode == 0:
        for ln in lines:  # native libraries' own warnings, if any
            sys.stderr.write(f"{PROG}: {args.player} said: {ln}\n")
        return 0
    ours = [ln for ln in lines if ln.startswith(f"{PROG}: error: ")]
    if ours:
        sys.stderr.write(ours[-1] + "\n")
        sys.exit(1)
    if child.returncode < 0:
        try:
            sig = signal.Signals(-child.returncode).name
        except ValueError:
            sig = f"signal {-child.returncode}"
        detail = f": {lines[-1]}" if lines else ""
        raise Fail(f"{args.player} crashed ({sig}) loading or rendering {where}{detail}")
    detail = f": {lines[-1]}" if lines else ""
    raise Fail(f"{args.player} renderer failed with status {child.returncode} on {where}{detail}")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == CHILD_FLAG:
        try:
            child_main(json.loads(sys.argv[2]))
        except Fail as e:
            die(e, hard=True)
        except BaseException as e:  # a bug or an unexpected library error: still one line
            die(exc_text(e), hard=True)
        sys.stdout.flush()
        os._exit(0)  # skip the bindings' __del__ hooks at interpreter exit
    try:
        sys.exit(main(sys.argv[1:]))
    except Fail as e:
        die(e)
    except KeyboardInterrupt:
        die("interrupted")
    except Exception as e:  # a bug here: still one line, still status 1
        die(f"internal error: {exc_text(e)}")
