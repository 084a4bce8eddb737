#!/usr/bin/env python3
"""Screenshot an SVG / HTML file in a real headless browser.

Drives headless Chromium over the DevTools protocol (``--remote-debugging-pipe``)
or headless Firefox over Marionette, using only the Python standard library
plus Pillow (for cropping). Used by the Swift test suite to check the SVG and
HTML exports of the rainbow ring in real browsers.

Usage::

    python3 browser_frames.py --browser chromium|firefox --scales 1,2 --out DIR
        [--times 0,0.05,...] [--live 0,0.4] [--reduced-motion] [--embed img]
        [--before JS] FILE

The "element" is the root ``<svg>`` of an .svg file, the first ``svg`` of an
.html file, or the ``<img>`` of the generated wrapper page (``--embed img``).
Every PNG is cropped to the element's bounding box in device pixels, so it is
exactly (width x scale) by (height x scale) pixels.

SEEK mode (``--times``, the default with ``--times 0``): every animation is
paused and seeked (SMIL ``pauseAnimations()``/``setCurrentTime(t)`` on each
outermost ``svg``, and ``pause()``/``currentTime = t*1000`` on each animation in
``document.getAnimations()``), two animation frames are awaited, and
``DIR/<scale>x-<index>.png`` is written.

LIVE mode (``--live``): nothing is seeked; at each given number of seconds of
wall time since the load event ``DIR/<scale>x-live-<index>.png`` is written.

Environment (optional): CHROMIUM_BIN, FIREFOX_BIN (browser executables),
BROWSER_FRAMES_TIMEOUT (hard time limit of the whole run in seconds, default 60).

Output on stdout: ``reduced-motion: true|false``, one ``wrote PATH WxH`` per
screenshot, then ``browser: NAME VERSION, N screenshots in S s``.
Errors: one line on stderr and exit status 1.
"""

import argparse
import base64
import errno
import io
import json
import math
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

DEFAULT_TIMEOUT = 60.0
INITIAL_VIEWPORT = (800, 600)  # CSS px, before the element has been measured
MAX_VIEWPORT = 4096  # CSS px, per side

SVG_NS = "http://www.w3.org/2000/svg"


class FramesError(Exception):
    """A failure reported as one line on stderr (exit 1)."""


class HardTimeout(BaseException):
    """Raised from SIGALRM when the whole run exceeds its time budget."""


class Interrupted(BaseException):
    """Raised on SIGTERM / SIGINT / SIGHUP so that clean-up still runs."""


# --------------------------------------------------------------------------
# JavaScript run in the page. Each is an expression (possibly a promise).
# --------------------------------------------------------------------------

def js_measure(mode):
    """Element rect, viewport and document sizes, media query state."""
    return """(() => {
  const mode = %s;
  const de = document.documentElement;
  let el = null, problem = null;
  if (mode === 'svgdoc') {
    if (!de || de.namespaceURI !== %s || de.localName !== 'svg' ||
        document.getElementsByTagNameNS('*', 'parsererror').length) {
      problem = 'the file is not a well-formed SVG document (root element: ' +
                (de ? de.localName : 'none') + ')';
    } else {
      el = de;
    }
  } else if (mode === 'img') {
    el = document.querySelector('img');
    if (el && (!el.complete || !el.naturalWidth)) {
      problem = 'the <img> did not load the SVG file';
    }
  } else {
    el = document.querySelector('svg');
    if (!el) problem = 'no svg element in the page';
  }
  if (problem) return {problem};
  const r = el.getBoundingClientRect();
  return {
    x: r.left, y: r.top, w: r.width, h: r.height,
    vw: window.innerWidth, vh: window.innerHeight,
    sw: de.scrollWidth, sh: de.scrollHeight,
    dpr: window.devicePixelRatio,
    reduced: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  };
})()""" % (json.dumps(mode), json.dumps(SVG_NS))


def js_before(src):
    """Run user JS: as an expression if it parses as one (a promise result is
    awaited), otherwise as a statement list; then wait two frames."""
    return """(async () => {
  const src = %s;
  let f;
  try { f = new Function('return (async () => (' + src + '\\n))();'); }
  catch (e) { f = new Function('return (async () => {' + src + '\\n})();'); }
  await f();
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return true;
})()""" % json.dumps(src)


def js_seek(t):
    """Pause and seek SMIL and CSS/Web animations to t seconds."""
    return """(async () => {
  const t = %r;
  let smil = 0, anims = 0;
  for (const s of Array.from(document.getElementsByTagNameNS(%s, 'svg'))) {
    if (s.ownerSVGElement === null && typeof s.pauseAnimations === 'function') {
      s.pauseAnimations();
      s.setCurrentTime(t);
      smil++;
    }
  }
  for (const a of document.getAnimations()) {
    a.pause();
    a.currentTime = t * 1000;
    anims++;
  }
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return {smil, anims};
})()""" % (float(t), json.dumps(SVG_NS))


JS_TWO_FRAMES = ("new Promise(r => requestAnimationFrame(() => "
                 "requestAnimationFrame(() => r(true))))")


# --------------------------------------------------------------------------
# Process helpers
# --------------------------------------------------------------------------

def session_pids(sid):
    """PIDs of all live processes whose session id is `sid`."""
    pids = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return pids
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry, "rb") as f:
                stat = f.read().decode("ascii", "replace")
        except OSError:
            continue
        # pid (comm) state ppid pgrp session ...; comm may contain spaces.
        rest = stat[stat.rfind(")") + 2:].split()
        try:
            if int(rest[3]) == sid and rest[0] != "Z":
                pids.append(int(entry))
        except (IndexError, ValueError):
            continue
    return pids


def kill_session(proc, grace=2.0):
    """Terminate the browser and every process in the session it leads (it was
    started with start_new_session=True, so the session id is its pid)."""
    if proc is None:
        return
    sid = proc.pid
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 2.0)):
        pids = session_pids(sid)
        if proc.poll() is None and proc.pid not in pids:
            pids.append(proc.pid)
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, sig)
            except OSError:
                pass
        end = time.monotonic() + wait
        while time.monotonic() < end:
            proc.poll()
            if not session_pids(sid):
                break
            time.sleep(0.05)
    try:
        proc.wait(timeout=1.0)
    except subprocess.TimeoutExpired:
        pass


def _make_death_signal():
    """Return a function for preexec_fn that makes the kernel SIGKILL the
    browser if this script dies without cleaning up (e.g. SIGKILL)."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError, ImportError):
        return lambda: None
    PR_SET_PDEATHSIG = 1

    def set_death_signal():
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    return set_death_signal


_set_death_signal = _make_death_signal()


def find_executable(env_name, candidates):
    override = os.environ.get(env_name)
    if override:
        path = shutil.which(override)
        if not path:
            raise FramesError("%s=%s is not an executable" % (env_name, override))
        return path
    for cand in candidates:
        path = shutil.which(cand)
        if path:
            return path
    raise FramesError("browser executable not found (tried %s; set %s)"
                      % (", ".join(candidates), env_name))


class CommandError(FramesError):
    """The browser answered a protocol command with an error."""

    def __init__(self, message, code=None, detail=None):
        super().__init__(message)
        self.code = code
        self.detail = detail


def exit_reason(proc, log_path):
    code = proc.poll() if proc is not None else None
    tail = log_tail(log_path)
    return "exit status %s%s" % (code, "; last log line: " + tail if tail else "")


def timeout_error(what, deadline, run_deadline, run_limit):
    if run_deadline <= deadline:
        return FramesError("timed out waiting for %s: the run took longer than its %g s "
                           "limit (BROWSER_FRAMES_TIMEOUT)" % (what, run_limit))
    return FramesError("timed out waiting for %s" % what)


def log_tail(path, limit=300):
    """Last meaningful line of a browser log, for error messages."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - 4000))
            lines = [l.strip() for l in f.read().decode("utf-8", "replace").splitlines()]
    except OSError:
        return ""
    lines = [l for l in lines if l]
    return lines[-1][:limit] if lines else ""


# --------------------------------------------------------------------------
# Chromium (DevTools protocol over --remote-debugging-pipe)
# --------------------------------------------------------------------------

class Chromium:
    name = "chromium"

    def __init__(self, tmpdir, reduced_motion, deadline, run_limit):
        self.run_limit = run_limit
        self.tmpdir = tmpdir
        self.reduced_motion = reduced_motion
        self.deadline = deadline
        self.proc = None
        self.version = "?"
        self.msg_id = 0
        self.buf = b""
        self.events = []
        self.session = None
        self.log_path = os.path.join(tmpdir, "chromium.log")
        self.scale = 1.0
        self.viewport = INITIAL_VIEWPORT

    # -- transport ---------------------------------------------------------
    def start(self):
        exe = find_executable("CHROMIUM_BIN", ["/usr/lib/chromium/chromium", "chromium",
                                               "chromium-browser"])
        profile = os.path.join(self.tmpdir, "profile")
        os.mkdir(profile)
        args = [
            exe, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--force-color-profile=srgb", "--remote-debugging-pipe",
            "--user-data-dir=" + profile,
            "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-default-apps", "--disable-dev-shm-usage",
            "--disable-breakpad", "--disable-crash-reporter", "--mute-audio",
            "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
            "--disable-backgrounding-occluded-windows",
            "--disable-features=Translate,MediaRouter,OptimizationHints,"
            "DialMediaRouteProvider,AutofillServerCommunication",
            "about:blank",
        ]
        # Pipes: the browser reads commands on fd 3 and writes responses on fd 4.
        cmd_r, cmd_w = os.pipe()
        res_r, res_w = os.pipe()
        # Move the child's ends above the 0..4 range so the dup2s cannot clobber.
        child_in = _dup_high(cmd_r)
        child_out = _dup_high(res_w)
        os.close(cmd_r)
        os.close(res_w)

        def preexec():
            os.dup2(child_in, 3)   # inheritable by default
            os.dup2(child_out, 4)
            _set_death_signal()

        log = open(self.log_path, "wb")
        try:
            self.proc = subprocess.Popen(
                args, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                close_fds=False, preexec_fn=preexec, start_new_session=True)
        finally:
            log.close()
            os.close(child_in)
            os.close(child_out)
        self.wfd = cmd_w
        self.rfd = res_r
        os.set_blocking(self.rfd, False)

        ver = self.call("Browser.getVersion", timeout=20, what="Chromium to start")
        product = ver.get("product", "")
        self.version = product.split("/", 1)[1] if "/" in product else product
        targets = self.call("Target.getTargets")["targetInfos"]
        pages = [t for t in targets if t.get("type") == "page"]
        if pages:
            target_id = pages[0]["targetId"]
        else:
            target_id = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target_id, "flatten": True})["sessionId"]
        self.page("Page.enable")
        features = [{"name": "prefers-reduced-motion",
                     "value": "reduce" if self.reduced_motion else "no-preference"},
                    {"name": "prefers-color-scheme", "value": "light"}]
        self.page("Emulation.setEmulatedMedia", {"features": features})

    def close(self):
        if self.proc is not None and self.proc.poll() is None and self.session is not None:
            try:
                self._send("Browser.close", {}, None)
            except OSError:
                pass
            try:
                self.proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
        kill_session(self.proc)
        self.proc = None
        for attr in ("wfd", "rfd"):
            fd = getattr(self, attr, None)
            setattr(self, attr, None)
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass

    def _send(self, method, params, session):
        self.msg_id += 1
        msg = {"id": self.msg_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        data = json.dumps(msg).encode() + b"\0"
        while data:
            try:
                n = os.write(self.wfd, data)
            except BrokenPipeError:
                raise FramesError("Chromium exited unexpectedly (%s)"
                                  % exit_reason(self.proc, self.log_path))
            data = data[n:]
        return self.msg_id

    def _read_message(self, deadline, what):
        while True:
            i = self.buf.find(b"\0")
            if i >= 0:
                raw, self.buf = self.buf[:i], self.buf[i + 1:]
                return json.loads(raw.decode("utf-8"))
            remaining = min(deadline, self.deadline) - time.monotonic()
            if remaining <= 0:
                raise timeout_error(what, deadline, self.deadline, self.run_limit)
            r, _, _ = select.select([self.rfd], [], [], min(remaining, 0.5))
            if not r:
                if self.proc.poll() is not None:
                    raise FramesError("Chromium exited while waiting for %s (%s)"
                                      % (what, exit_reason(self.proc, self.log_path)))
                continue
            try:
                chunk = os.read(self.rfd, 1 << 20)
            except BlockingIOError:
                continue
            if not chunk:
                raise FramesError("Chromium closed the DevTools pipe while waiting for %s (%s)"
                                  % (what, exit_reason(self.proc, self.log_path)))
            self.buf += chunk

    def call(self, method, params=None, session=None, timeout=20.0, what=None):
        mid = self._send(method, params, session)
        deadline = time.monotonic() + timeout
        while True:
            msg = self._read_message(deadline, what or method)
            if msg.get("id") == mid:
                if "error" in msg:
                    err = msg["error"]
                    text = err.get("message", err) if isinstance(err, dict) else err
                    raise CommandError("Chromium %s failed: %s" % (method, text))
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def page(self, method, params=None, timeout=20.0, what=None):
        return self.call(method, params, self.session, timeout, what)

    def wait_event(self, name, timeout, what):
        deadline = time.monotonic() + timeout
        while True:
            for i, ev in enumerate(self.events):
                if ev.get("method") == name and ev.get("sessionId") == self.session:
                    del self.events[: i + 1]
                    return ev
            self.events.clear()
            msg = self._read_message(deadline, what)
            if "method" in msg:
                self.events.append(msg)

    # -- browser API used by the runner --------------------------------------
    def set_scale(self, scale):
        self.scale = scale

    def set_viewport(self, width, height):
        self.viewport = (int(width), int(height))
        self.page("Emulation.setDeviceMetricsOverride", {
            "width": self.viewport[0], "height": self.viewport[1],
            "deviceScaleFactor": self.scale, "mobile": False})

    def navigate(self, url):
        self.events.clear()
        res = self.page("Page.navigate", {"url": url}, timeout=30)
        if res.get("errorText"):
            raise FramesError("Chromium could not load %s: %s" % (url, res["errorText"]))
        self.wait_event("Page.loadEventFired", 30, "the page load event")

    def evaluate(self, expr, what):
        res = self.page("Runtime.evaluate", {
            "expression": expr, "awaitPromise": True, "returnByValue": True,
            "userGesture": True}, timeout=30, what=what)
        if "exceptionDetails" in res:
            det = res["exceptionDetails"]
            exc = det.get("exception", {})
            text = exc.get("description") or det.get("text") or "exception"
            raise FramesError("JavaScript error in %s: %s" % (what, text.splitlines()[0]))
        return res.get("result", {}).get("value")

    def screenshot(self):
        res = self.page("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": False, "fromSurface": True},
            timeout=30)
        return base64.b64decode(res["data"])


def _dup_high(fd):
    import fcntl
    return fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)


# --------------------------------------------------------------------------
# Firefox (Marionette)
# --------------------------------------------------------------------------

FIREFOX_PREFS = {
    "marionette.port": 0,  # the actual port is written to MarionetteActivePort
    "gfx.color_management.mode": 0,
    "browser.shell.checkDefaultBrowser": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "toolkit.telemetry.enabled": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.startup.homepage": "about:blank",
    "startup.homepage_welcome_url": "about:blank",
    "startup.homepage_welcome_url.additional": "",
    "browser.aboutwelcome.enabled": False,
    "browser.newtabpage.enabled": False,
    "app.update.disabledForTesting": True,
    "app.update.auto": False,
    "browser.sessionstore.resume_from_crash": False,
    "toolkit.cosmeticAnimations.enabled": False,
    "ui.systemUsesDarkTheme": 0,
    "layout.css.prefers-color-scheme.content-override": 1,  # light
    "dom.ipc.processPrelaunch.enabled": False,
    "browser.tabs.remote.warmup.enabled": False,
    "extensions.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "media.autoplay.default": 0,
    # Start-up work that delays Marionette's NewSession (it waits for the
    # browser's idle start-up tasks): measured ~5-6 s -> ~3 s on 2 cores.
    "browser.newtab.preload": False,
    "extensions.enabledScopes": 0,
    "extensions.autoDisableScopes": 15,
    "browser.search.region": "US",
    "browser.region.update.enabled": False,
    "browser.places.importBookmarksHTML": False,
    "browser.bookmarks.restore_default_bookmarks": False,
    "places.history.enabled": False,
    "browser.cache.disk.enable": False,
}


JS_CHROME_BARE_WINDOW = """
const d = document;
d.documentElement.style.setProperty('min-width', '0px', 'important');
d.documentElement.style.setProperty('min-height', '0px', 'important');
const tb = d.getElementById('navigator-toolbox');
if (tb) tb.hidden = true;
return true;
"""


class Firefox:
    name = "firefox"

    def __init__(self, tmpdir, reduced_motion, deadline, run_limit):
        self.run_limit = run_limit
        self.tmpdir = tmpdir
        self.reduced_motion = reduced_motion
        self.deadline = deadline
        self.proc = None
        self.sock = None
        self.version = "?"
        self.msg_id = 0
        self.buf = b""
        self.scale = None
        self.launch_scale = None
        self.log_path = os.path.join(tmpdir, "firefox.log")
        self.chrome_ok = True

    # -- launch -------------------------------------------------------------
    def start(self, scale=1.0):
        self.launch_scale = scale
        self._launch(scale)

    def _launch(self, scale):
        exe = find_executable("FIREFOX_BIN", ["firefox-esr", "firefox"])
        profile = tempfile.mkdtemp(prefix="profile-", dir=self.tmpdir)
        self.profile = profile
        prefs = dict(FIREFOX_PREFS)
        prefs["layout.css.devPixelsPerPx"] = _dppx(scale)
        prefs["ui.prefersReducedMotion"] = 1 if self.reduced_motion else 0
        with open(os.path.join(profile, "user.js"), "w") as f:
            for k, v in prefs.items():
                f.write("user_pref(%s, %s);\n" % (json.dumps(k), json.dumps(v)))
        env = dict(os.environ)
        env.update({
            "MOZ_HEADLESS": "1",
            # Headless screen (device px); windows are clamped to it.
            "MOZ_HEADLESS_WIDTH": str(MAX_VIEWPORT * 2 + 200),
            "MOZ_HEADLESS_HEIGHT": str(MAX_VIEWPORT * 2 + 400),
            "MOZ_CRASHREPORTER_DISABLE": "1",
            "MOZ_CRASHREPORTER": "0",
            "MOZ_DISABLE_AUTO_SAFE_MODE": "1",
        })
        env.pop("MOZ_REMOTE_ALLOW_SYSTEM_ACCESS", None)
        args = [exe, "--headless", "--marionette", "--no-remote", "--new-instance",
                "--remote-allow-system-access",  # chrome context: change the scale live
                "--profile", profile, "about:blank"]
        log = open(self.log_path, "ab")
        try:
            self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=log,
                                         stderr=log, env=env, start_new_session=True,
                                         preexec_fn=_set_death_signal)
        finally:
            log.close()
        self.scale = scale

        port_file = os.path.join(profile, "MarionetteActivePort")
        end = min(self.deadline, time.monotonic() + 30)
        port = None
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise FramesError("Firefox exited during start-up (%s)" % self._why())
            try:
                with open(port_file) as f:
                    txt = f.read().strip()
                if txt:
                    port = int(txt)
                    break
            except (OSError, ValueError):
                pass
            time.sleep(0.05)
        if port is None:
            raise FramesError("timed out waiting for Firefox's Marionette port (%s)" % self._why())
        while True:
            try:
                self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                break
            except OSError:
                if time.monotonic() > end:
                    raise FramesError("cannot connect to Marionette on port %d (%s)"
                                      % (port, self._why()))
                time.sleep(0.05)
        hello = self._recv_packet(time.monotonic() + 20, "the Marionette greeting")
        if not isinstance(hello, dict) or hello.get("marionetteProtocol") != 3:
            raise FramesError("unexpected Marionette greeting: %r" % (hello,))
        caps = self.call("WebDriver:NewSession", {"capabilities": {"alwaysMatch": {
            "pageLoadStrategy": "normal",
            "timeouts": {"script": 30000, "pageLoad": 30000, "implicit": 0},
        }}}, timeout=30)
        caps = caps.get("capabilities", caps) if isinstance(caps, dict) else {}
        self.version = caps.get("browserVersion", "?")
        if self.chrome_ok:
            # Hide the toolbars and lift the window's minimum size (500 CSS px
            # wide), so that the content viewport can be exactly the SVG's size.
            try:
                self.chrome_script(JS_CHROME_BARE_WINDOW)
            except CommandError:
                self.chrome_ok = False

    def chrome_script(self, script, args=()):
        self.call("Marionette:SetContext", {"value": "chrome"})
        try:
            return self.call("WebDriver:ExecuteScript", {"script": script, "args": list(args)})
        finally:
            self.call("Marionette:SetContext", {"value": "content"})

    def _why(self):
        return exit_reason(self.proc, self.log_path)

    def _shutdown(self):
        # The profile is thrown away, so there is nothing to save: a graceful
        # Marionette:Quit costs about a second, killing the processes does not.
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None
        self.buf = b""
        kill_session(self.proc, grace=0.0)
        self.proc = None

    def close(self):
        self._shutdown()

    # -- transport ----------------------------------------------------------
    def _send(self, cmd, params):
        self.msg_id += 1
        data = json.dumps([0, self.msg_id, cmd, params or {}]).encode("utf-8")
        self.sock.sendall(str(len(data)).encode() + b":" + data)
        return self.msg_id

    def _recv_packet(self, deadline, what):
        while True:
            colon = self.buf.find(b":")
            if colon > 0:
                length = int(self.buf[:colon])
                if len(self.buf) >= colon + 1 + length:
                    raw = self.buf[colon + 1: colon + 1 + length]
                    self.buf = self.buf[colon + 1 + length:]
                    return json.loads(raw.decode("utf-8"))
            remaining = min(deadline, self.deadline) - time.monotonic()
            if remaining <= 0:
                raise timeout_error(what, deadline, self.deadline, self.run_limit)
            self.sock.settimeout(min(remaining, 0.5))
            try:
                chunk = self.sock.recv(1 << 20)
            except socket.timeout:
                if self.proc.poll() is not None:
                    raise FramesError("Firefox exited while waiting for %s (%s)"
                                      % (what, self._why()))
                continue
            if not chunk:
                raise FramesError("Marionette closed the connection while waiting for %s (%s)"
                                  % (what, self._why()))
            self.buf += chunk

    def call(self, cmd, params=None, timeout=30.0, what=None):
        mid = self._send(cmd, params)
        deadline = time.monotonic() + timeout
        while True:
            msg = self._recv_packet(deadline, what or cmd)
            if isinstance(msg, list) and len(msg) == 4 and msg[0] == 1 and msg[1] == mid:
                if msg[2]:
                    err = msg[2]
                    if isinstance(err, dict):
                        code, detail = err.get("error"), str(err.get("message"))
                    else:
                        code, detail = None, str(err)
                    detail = (detail.splitlines() or [""])[0]
                    raise CommandError("Firefox %s failed: %s%s" % (
                        cmd, code + ": " if code else "", detail), code, detail)
                res = msg[3]
                if isinstance(res, dict) and set(res) == {"value"}:
                    return res["value"]
                return res

    # -- browser API used by the runner --------------------------------------
    def set_scale(self, scale):
        if scale == self.scale:
            return
        if self.chrome_ok:
            try:
                self.chrome_script("Services.prefs.setCharPref('layout.css.devPixelsPerPx', "
                                   "arguments[0]); return true;", [_dppx(scale)])
                self.scale = scale
                return
            except CommandError:
                self.chrome_ok = False
        # No chrome access: restart Firefox with the other scale.
        self._shutdown()
        self._launch(scale)

    def set_viewport(self, width, height):
        """Best effort: the runner re-measures and checks the element fits."""
        width, height = int(width), int(height)
        last = None
        for _ in range(4):
            cur = self.evaluate("[window.innerWidth, window.innerHeight, "
                                "window.outerWidth, window.outerHeight]", "window size")
            if (cur[0], cur[1]) == (width, height) or cur == last:
                return
            last = cur
            self.call("WebDriver:SetWindowRect", {
                "width": width + (cur[2] - cur[0]), "height": height + (cur[3] - cur[1])})

    def navigate(self, url):
        # Go through about:blank so that the same URL is really loaded again.
        self.call("WebDriver:Navigate", {"url": "about:blank"}, timeout=30)
        self.call("WebDriver:Navigate", {"url": url}, timeout=30,
                  what="the page to load")

    def evaluate(self, expr, what):
        try:
            return self.call("WebDriver:ExecuteScript",
                             {"script": "return (%s);" % expr, "args": []},
                             timeout=35, what=what)
        except CommandError as e:
            if e.code == "javascript error":
                raise FramesError("JavaScript error in %s: %s" % (what, e.detail))
            if e.code == "script timeout":
                raise FramesError("timed out waiting for %s (30 s script timeout)" % what)
            raise

    def screenshot(self):
        data = self.call("WebDriver:TakeScreenshot",
                         {"full": False, "hash": False, "scroll": False}, timeout=30)
        return base64.b64decode(data)


def _dppx(scale):
    return "%.4g" % scale if scale != int(scale) else "%d.0" % int(scale)


# --------------------------------------------------------------------------
# Runner
# --------------------------------------------------------------------------

def parse_number_list(text, opt, allow_negative=False):
    vals = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            v = float(part)
        except ValueError:
            raise FramesError("%s: not a number: %r" % (opt, part))
        if not math.isfinite(v) or (v < 0 and not allow_negative):
            raise FramesError("%s: invalid value %r" % (opt, part))
        vals.append(v)
    if not vals:
        raise FramesError("%s: empty list" % opt)
    return vals


def scale_label(s):
    return str(int(s)) if s == int(s) else ("%g" % s)


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="browser_frames.py",
        description="Screenshot an SVG/HTML file in headless Chromium or Firefox.")
    p.add_argument("--browser", required=True, choices=["chromium", "firefox"])
    p.add_argument("--scales", default="1", help="comma-separated device scale factors")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--times", help="SEEK mode: comma-separated times in seconds")
    p.add_argument("--live", help="LIVE mode: comma-separated wall-clock seconds after load")
    p.add_argument("--reduced-motion", action="store_true")
    p.add_argument("--embed", choices=["img"])
    p.add_argument("--before", help="JavaScript to run after load, before any screenshot")
    p.add_argument("file", metavar="FILE")

    def error(message):
        raise FramesError("usage: " + message)
    p.error = error
    return p.parse_args(argv)


def crop_png(png_bytes, box, expect_full, path):
    from PIL import Image
    im = Image.open(io.BytesIO(png_bytes))
    im.load()
    if im.size != expect_full:
        raise FramesError("screenshot is %dx%d, expected %dx%d device pixels"
                          % (im.size + expect_full))
    if box[0] < 0 or box[1] < 0 or box[2] > im.size[0] or box[3] > im.size[1]:
        raise FramesError("element box %r is outside the %dx%d screenshot" % (box, *im.size))
    out = im.crop(box)
    if out.mode != "RGB":
        # Viewport screenshots are opaque; Firefox's carry an alpha channel.
        out = out.convert("RGB")
    out.save(path, format="PNG")
    return out.size


def _round(v):
    return int(math.floor(v + 0.5))


TMP_PREFIX = "browser-frames-"


def remove_stale_tmpdirs():
    """Remove temp dirs left by runs of this script that were SIGKILLed."""
    base = tempfile.gettempdir()
    try:
        names = os.listdir(base)
    except OSError:
        return
    for name in names:
        if not name.startswith(TMP_PREFIX):
            continue
        pid = name[len(TMP_PREFIX):].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
            continue  # still running
        except ProcessLookupError:
            pass
        except OSError:
            continue
        shutil.rmtree(os.path.join(base, name), ignore_errors=True)


def run_limit():
    """The hard time limit of a run, in seconds (BROWSER_FRAMES_TIMEOUT)."""
    text = os.environ.get("BROWSER_FRAMES_TIMEOUT", "")
    try:
        value = float(text) if text.strip() else DEFAULT_TIMEOUT
    except ValueError:
        value = -1.0
    if not (math.isfinite(value) and value > 0):
        raise FramesError("BROWSER_FRAMES_TIMEOUT must be a positive number of seconds, "
                          "got %r" % text)
    return value


def run(opts):
    t_start = time.monotonic()
    debug = bool(os.environ.get("BROWSER_FRAMES_DEBUG"))
    timeout = run_limit()
    deadline = t_start + timeout

    try:
        import PIL  # noqa: F401
    except ImportError:
        raise FramesError("Pillow is required (pip install Pillow)")

    scales = parse_number_list(opts.scales, "--scales")
    if any(s <= 0 or s > 8 for s in scales):
        raise FramesError("--scales: values must be in (0, 8]")
    if len(set(scales)) != len(scales):
        raise FramesError("--scales: duplicate value")
    if opts.times is not None and opts.live is not None:
        raise FramesError("use either --times or --live, not both")
    live = opts.live is not None
    points = parse_number_list(opts.live if live else (opts.times or "0"),
                               "--live" if live else "--times")
    if live and points != sorted(points):
        raise FramesError("--live: times must be in increasing order")

    path = os.path.abspath(opts.file)
    if not os.path.isfile(path):
        raise FramesError("no such file: %s" % opts.file)
    ext = os.path.splitext(path)[1].lower()
    if ext not in (".svg", ".svgz", ".html", ".htm", ".xhtml"):
        raise FramesError("FILE must be a .svg, .svgz or .html file: %s" % opts.file)
    if opts.embed == "img" and ext not in (".svg", ".svgz"):
        raise FramesError("--embed img needs an .svg or .svgz file")
    os.makedirs(opts.out, exist_ok=True)

    remove_stale_tmpdirs()
    tmpdir = tempfile.mkdtemp(prefix="%s%d-" % (TMP_PREFIX, os.getpid()))
    browser = None
    server = None
    count = 0
    try:
        file_url = urllib.parse.urljoin("file:", urllib.request.pathname2url(path))
        if ext == ".svgz":
            # A gzipped SVG is served as web servers serve it: over HTTP (loopback only)
            # with Content-Encoding: gzip, which browsers need to read it.
            server, file_url = serve_svgz(path)
        if opts.embed == "img":
            mode = "img"
            wrapper = os.path.join(tmpdir, "embed.html")
            with open(wrapper, "w", encoding="utf-8") as f:
                f.write('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>embed</title>'
                        '<style>html,body{margin:0;padding:0;background:#fff}'
                        'img{display:block}</style></head>'
                        '<body><img alt="" src="%s"></body></html>\n'
                        % file_url.replace("&", "&amp;").replace('"', "&quot;"))
            url = urllib.parse.urljoin("file:", urllib.request.pathname2url(wrapper))
        else:
            mode = "svgdoc" if ext in (".svg", ".svgz") else "html"
            url = file_url

        cls = Chromium if opts.browser == "chromium" else Firefox
        browser = cls(tmpdir, opts.reduced_motion, deadline, timeout)
        if isinstance(browser, Firefox):
            browser.start(scales[0])
        else:
            browser.start()

        reduced_seen = []
        for scale in scales:
            browser.set_scale(scale)
            browser.set_viewport(*INITIAL_VIEWPORT)
            browser.navigate(url)
            t_load = time.monotonic()
            m = browser.evaluate(js_measure(mode), "measuring the element")
            # Size the viewport so the element is fully visible: for an SVG
            # document (and the <img> wrapper) exactly the element's size, for
            # HTML at least the initial size, the element and the document.
            def fits(m):
                return (m["x"] >= 0 and m["y"] >= 0 and m["x"] + m["w"] <= m["vw"] + 1e-6
                        and m["y"] + m["h"] <= m["vh"] + 1e-6)
            for attempt in range(4):
                if m.get("problem"):
                    raise FramesError("%s: %s" % (opts.file, m["problem"]))
                if m["w"] <= 0 or m["h"] <= 0:
                    raise FramesError("%s: the element has an empty box (%gx%g)"
                                      % (opts.file, m["w"], m["h"]))
                right = math.ceil(m["x"] + m["w"] - 1e-6)
                bottom = math.ceil(m["y"] + m["h"] - 1e-6)
                if mode in ("svgdoc", "img"):
                    want = (right, bottom)
                else:
                    want = (max(m["vw"], right, m["sw"]), max(m["vh"], bottom, m["sh"]))
                want = (max(1, want[0]), max(1, want[1]))
                if want[0] > MAX_VIEWPORT or want[1] > MAX_VIEWPORT:
                    raise FramesError("the element needs a %dx%d viewport (max %d)"
                                      % (want + (MAX_VIEWPORT,)))
                if fits(m) and ((m["vw"], m["vh"]) == want or (
                        attempt > 0 and m["vw"] >= want[0] and m["vh"] >= want[1])):
                    break  # exact, or as close as the browser's window allows
                if attempt == 3:
                    raise FramesError("could not size the viewport to fit the element "
                                      "(%g,%g %gx%g in a %dx%d viewport)" % (
                                          m["x"], m["y"], m["w"], m["h"], m["vw"], m["vh"]))
                browser.set_viewport(*want)
                m = browser.evaluate(js_measure(mode), "measuring the element")
            if abs(m["dpr"] - scale) > 1e-6:
                raise FramesError("devicePixelRatio is %g, expected %g" % (m["dpr"], scale))
            reduced_seen.append(bool(m["reduced"]))
            if len(reduced_seen) == 1:
                print("reduced-motion: %s" % ("true" if m["reduced"] else "false"), flush=True)

            if opts.before:
                browser.evaluate(js_before(opts.before), "--before")

            if debug:
                print("debug: scale %g: %s" % (scale, json.dumps(m)), file=sys.stderr)
            full = (_round(m["vw"] * scale), _round(m["vh"] * scale))
            x0, y0 = _round(m["x"] * scale), _round(m["y"] * scale)
            box = (x0, y0, x0 + _round(m["w"] * scale), y0 + _round(m["h"] * scale))
            label = scale_label(scale)
            for index, t in enumerate(points):
                if live:
                    delay = t_load + t - time.monotonic()
                    if delay > 0:
                        if time.monotonic() + delay > deadline:
                            raise HardTimeout()
                        time.sleep(delay)
                    name = "%sx-live-%d.png" % (label, index)
                else:
                    browser.evaluate(js_seek(t), "seeking to %gs" % t)
                    name = "%sx-%d.png" % (label, index)
                png = browser.screenshot()
                out_path = os.path.join(opts.out, name)
                size = crop_png(png, box, full, out_path)
                count += 1
                print("wrote %s %dx%d" % (out_path, size[0], size[1]), flush=True)
        t_close = time.monotonic()
        browser.close()
        if debug:
            print("debug: shutdown took %.2f s" % (time.monotonic() - t_close), file=sys.stderr)
        elapsed = time.monotonic() - t_start
        print("browser: %s %s, %d screenshots in %.1f s"
              % (browser.name, browser.version, count, elapsed), flush=True)
    finally:
        # Clean-up must not be cut short by the hard time limit or a signal.
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        if browser is not None:
            try:
                browser.close()
            except BaseException:
                kill_session(getattr(browser, "proc", None))
        if server is not None:
            server.shutdown()
            server.server_close()
        shutil.rmtree(tmpdir, ignore_errors=True)


def serve_svgz(path):
    """Serves `path` alone at http://127.0.0.1:PORT/NAME with the headers a web server
    sends for .svgz; returns the running server and the URL."""
    import http.server
    import threading
    body = open(path, "rb").read()
    name = "/" + urllib.parse.quote(os.path.basename(path))

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path != name:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "image/svg+xml")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d%s" % (server.server_address[1], name)


def main(argv=None):
    try:
        timeout = run_limit()
    except FramesError as e:
        print("browser_frames: error: %s" % e, file=sys.stderr, flush=True)
        return 1

    def on_alarm(signum, frame):
        raise HardTimeout()

    def on_term(signum, frame):
        raise Interrupted(signum)

    signal.signal(signal.SIGALRM, on_alarm)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, on_term)
    # Hard limit; the clean-up after it has a few seconds of its own.
    signal.setitimer(signal.ITIMER_REAL, timeout + 1.0)
    try:
        opts = parse_args(sys.argv[1:] if argv is None else argv)
        run(opts)
        return 0
    except FramesError as e:
        msg = str(e)
    except HardTimeout:
        msg = "timed out after %g s (hard limit; set BROWSER_FRAMES_TIMEOUT)" % timeout
    except Interrupted as e:
        msg = "interrupted by signal %s" % e.args[0]
    except SystemExit as e:  # argparse --help
        return e.code if isinstance(e.code, int) else 0
    except Exception as e:  # unexpected: still one line
        msg = "internal error: %s: %s" % (type(e).__name__, e)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    print("browser_frames: error: " + msg.replace("\n", " "), file=sys.stderr, flush=True)
    return 1


if __name__ == "__main__":
    sys.exit(main())
