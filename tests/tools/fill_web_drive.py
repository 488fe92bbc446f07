#!/usr/bin/env python3
"""fill_web_drive.py - drives the operator page of `predup fill --web` for tests/cli/fill_web_*.sh
(python3 stdlib only).

  fill_web_drive.py url ERRFILE
      waits for "operator page: URL" in ERRFILE (predup's stderr) and prints the URL.
  fill_web_drive.py http URL OUTDIR [--stop-at N]
      answers every prompt over HTTP as the page does (continue; stop at prompt N), saves the
      page and every distinct state sent (OUTDIR/page.html, OUTDIR/states.txt) until the
      server goes away; prints "answered ID BOARD" per prompt.
  fill_web_drive.py browser URL OUTDIR [--shot WxH]...
      opens URL in headless chromium (DevTools protocol over --remote-debugging-pipe), and
      until the fill ends (the page loses its server) waits for each prompt on the page,
      records the board the page shows, clicks the real #continue button; prints "clicked ID:
      board N n of m: PROMPT" per prompt; reloads the page after the first click. --shot
      takes a screenshot at that window size (OUTDIR/shot-WxH.png) at the first prompt;
      --end-shot one of the summary the page keeps after the fill ended (OUTDIR/end-WxH.png).
      Then prints the summary, the copy line, the notes shown, and the summary's class after
      Close.
  fill_web_drive.py eval URL EXPR...
      opens URL in headless chromium, waits for its first state, and prints the value of each
      JavaScript EXPR evaluated in the page, one a line.
  fill_web_drive.py expect <LINES
      one request a line, "STATUS METHOD URL [NAME:VALUE]..." in order: fails naming each
      whose status (0: no server) is not STATUS.
  fill_web_drive.py pty -- PREDUP ARGS...
      runs predup in a pseudo-terminal: answers prompt 1 at the terminal (Enter), then prompt
      2 on the page (POST), then a stale answer to prompt 1 (must be refused, 409); prints
      what each side saw.
"""
import base64
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

# Seconds to wait for predup (a line, a page, an answer) before calling it stuck: every wait
# ends as soon as its condition holds, so a long bound costs a passing run nothing, and a busy
# machine (make check beside other work) took more than the 20 s the first wait had.
PATIENCE = 120


def fetch(url, post=False, headers=None):
    """(status, body) of a request; status 0 when the server is gone."""
    req = urllib.request.Request(url, data=b"" if post else None, method="POST" if post else "GET",
                                 headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=PATIENCE) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()
    except (urllib.error.URLError, ConnectionError, OSError):
        return 0, ""


def with_path(url, path):
    """URL of path on the page's server, keeping its token (?t=...)."""
    base, _, query = url.partition("?")
    token = "t=" + query.split("t=")[1].split("&")[0] if "t=" in query else ""
    sep = "&" if "?" in path else "?"
    return base.rstrip("/") + "/" + path + (sep + token if token else "")


def answer(url, prompt_id, what):
    return fetch(with_path(url, "answer?prompt=%d&answer=%s" % (prompt_id, what)), post=True,
                 headers={"X-Predup": "answer"})[0]


def wait_url(errfile, limit=PATIENCE):
    start = time.time()
    while time.time() - start < limit:
        try:
            with open(errfile, encoding="utf-8", errors="replace") as f:
                text = f.read()
            m = re.search(r"^operator page: (\S+)", text, re.M)
            if m:
                return m.group(1)
            if "error:" in text:
                sys.exit("fill_web_drive: predup stopped: " + text.strip())
        except FileNotFoundError:
            pass
        time.sleep(0.05)
    sys.exit("fill_web_drive: no 'operator page:' line in %s" % errfile)


def run_http(url, outdir, stop_at):
    status, page = fetch(url)
    if status != 200:
        sys.exit("fill_web_drive: the page answered %d" % status)
    with open(os.path.join(outdir, "page.html"), "w", encoding="utf-8") as f:
        f.write(page)
    seen, answered, last = set(), set(), None
    states = open(os.path.join(outdir, "states.txt"), "w", encoding="utf-8")
    while True:
        status, body = fetch(with_path(url, "state"))
        if status == 0:
            break
        if body != last:
            states.write(body + "\n")
            last = body
        st = json.loads(body)
        p = st["prompt"]
        if p["open"] and p["id"] not in answered:
            answered.add(p["id"])
            what = "stop" if stop_at and p["id"] == stop_at else "continue"
            code = answer(url, p["id"], what)
            print("answered %d %d %s %d" % (p["id"], p["board"], what, code), flush=True)
        seen.add(st["board"])
        time.sleep(0.02)
    states.close()
    print("boards seen " + " ".join(str(b) for b in sorted(seen) if b > 0))


# ---------------------------------------------------------------- chromium over a pipe

class Browser:
    """Headless chromium, spoken to with the DevTools protocol over fds 3 and 4."""

    def __init__(self, width, height):
        self.profile = tempfile.mkdtemp(prefix="mweb-chromium-")
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()
        # the child reads commands on fd 3 and writes replies on fd 4 (dup2 makes them
        # inheritable; os.pipe's own are not, so close_fds=False leaks nothing else)
        def fds():
            cmd, reply = os.dup(to_r), os.dup(from_w)  # neither is 3 or 4 any more
            os.dup2(cmd, 3)
            os.dup2(reply, 4)
        self.proc = subprocess.Popen(
            ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
             "--window-size=%d,%d" % (width, height), "--no-first-run", "about:blank"],
            preexec_fn=fds, close_fds=False, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.next_id, self.buf, self.session = 0, b"", None

    def call(self, method, params=None, session=True):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self.to_w, json.dumps(msg).encode() + b"\0")
        while True:
            while b"\0" not in self.buf:
                chunk = os.read(self.from_r, 65536)
                if not chunk:
                    raise RuntimeError("chromium went away")
                self.buf += chunk
            raw, self.buf = self.buf.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})

    def open(self, url):
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target["targetId"], "flatten": True},
                                 session=False)["sessionId"]
        self.call("Page.enable")
        self.call("Page.navigate", {"url": url})

    def js(self, expr):
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True})
        return r.get("result", {}).get("value")

    def until(self, expr, limit=PATIENCE):
        start = time.time()
        while time.time() - start < limit:
            try:
                v = self.js(expr)
            except RuntimeError:  # the page is being (re)loaded: its context is gone
                v = None
            if v:
                return v
            time.sleep(0.05)
        raise RuntimeError("timed out waiting for " + expr)

    def shot(self, path, width, height):
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        time.sleep(0.3)
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        subprocess.run(["rm", "-rf", self.profile], check=False)


def run_browser(url, outdir, shots, end_shots=()):
    b = Browser(390, 844)
    try:
        b.open(url)
        last = 0
        while True:
            # the page shows a prompt newer than the one clicked before, or lost its server
            pid = b.until("(() => { if (document.getElementById('conn').className === 'lost') "
                          "return -1; const s = document.querySelector('#prompt.open'); "
                          "return s && prompt > %d ? prompt : 0; })()" % last)
            if pid < 0:
                break
            text = b.js("document.getElementById('prompttext').textContent")
            shown = b.js("(document.getElementById('board').textContent + ' ' + "
                         "document.getElementById('of').textContent).replace(/\\u00a0/g, ' ')")
            if last == 0:
                for w, h in shots:
                    b.shot(os.path.join(outdir, "shot-%dx%d.png" % (w, h)), w, h)
            b.js("document.querySelector('#continue').click()")
            print("clicked %d: board %s: %s" % (pid, shown, text), flush=True)
            if last == 0:  # a reload (or a second device) picks the fill up where it is
                b.call("Page.reload")
                print("reloaded", flush=True)
            last = pid
        print("page: " + b.js("document.getElementById('conn').textContent"), flush=True)
        # the summary stays after predup has gone (until the operator closes it)
        print("summary: " + b.js("document.getElementById('done').className + ': ' + "
                                 "document.getElementById('donetitle').textContent + ': ' + "
                                 "document.getElementById('donefacts').textContent"), flush=True)
        print("copy line: [" + b.js("document.getElementById('copy').textContent") + "]",
              flush=True)
        print("notes heading: " + b.js("document.getElementById('notesword').textContent"),
              flush=True)
        print("notes: " + b.js("[...document.querySelectorAll('#notes li')]"
                               ".map((li) => li.textContent).join(' | ')"), flush=True)
        for w, h in end_shots:
            b.shot(os.path.join(outdir, "end-%dx%d.png" % (w, h)), w, h)
        b.js("document.querySelector('#close').click()")
        print("after close: " + b.js("document.getElementById('done').className"), flush=True)
    finally:
        b.close()


def run_eval(url, exprs):
    b = Browser(390, 844)
    try:
        b.open(url)
        b.until("document.getElementById('board').textContent !== '-'")
        for expr in exprs:
            print(b.js(expr), flush=True)
    finally:
        b.close()


# ---------------------------------------------------------------- the terminal and the page

def run_pty(args):
    import pty
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(args[0], args)
    out = b""

    def read_until(pattern, limit=PATIENCE):
        nonlocal out
        start = time.time()
        while not re.search(pattern, out) and time.time() - start < limit:
            try:
                out += os.read(fd, 4096)
            except OSError:
                break
        return re.search(pattern, out)

    m = read_until(rb"operator page: (\S+)")
    if not m:
        sys.exit("fill_web_drive: no operator page at the terminal: " + out.decode(errors="replace"))
    url = m.group(1).decode()
    read_until(rb"board 1: .*\n  \[Enter when done, q to stop\] ")
    os.write(fd, b"\n")  # prompt 1 at the terminal
    read_until(rb"board 2: .*\n  \[Enter when done")
    st = json.loads(fetch(with_path(url, "state"))[1])
    print("prompt %d open %s, prompt %d answered by %s" % (
        st["prompt"]["id"], st["prompt"]["open"], st["last"]["id"], st["last"]["by"] or "-"))
    print("stale answer to prompt 1: %d" % answer(url, 1, "continue"))
    print("page answers prompt 2: %d" % answer(url, 2, "continue"))
    print("again: %d" % answer(url, 2, "stop"))
    read_until(rb"answered on the operator page: done")
    read_until(rb"board 3: .*\n  \[Enter when done")
    os.write(fd, b"q\n")  # prompt 3: stop at the terminal
    read_until(rb"stopped by the operator")
    try:
        while True:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            out += chunk
    except OSError:
        pass
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(out.decode(errors="replace").replace("\r", ""))
    print("exit %d" % os.waitstatus_to_exitcode(status))


def main(argv):
    if len(argv) >= 3 and argv[1] == "url":
        print(wait_url(argv[2]))
    elif len(argv) >= 4 and argv[1] == "http":
        stop_at = int(argv[argv.index("--stop-at") + 1]) if "--stop-at" in argv else 0
        run_http(argv[2], argv[3], stop_at)
    elif len(argv) >= 4 and argv[1] == "browser":
        shots = [tuple(int(x) for x in argv[i + 1].split("x"))
                 for i, a in enumerate(argv) if a == "--shot"]
        end_shots = [tuple(int(x) for x in argv[i + 1].split("x"))
                     for i, a in enumerate(argv) if a == "--end-shot"]
        run_browser(argv[2], argv[3], shots, end_shots)
    elif len(argv) >= 4 and argv[1] == "eval":
        run_eval(argv[2], argv[3:])
    elif len(argv) == 2 and argv[1] == "expect":
        wrong = 0
        for line in sys.stdin:
            if not line.strip():
                continue
            want, method, url, *heads = line.split()
            got = fetch(url, post=method == "POST", headers=dict(h.split(":", 1) for h in heads))[0]
            if str(got) != want:
                print("%s: %d, not %s" % (line.strip(), got, want))
                wrong += 1
        sys.exit(1 if wrong else 0)
    elif len(argv) >= 3 and argv[1] == "pty" and "--" in argv:
        run_pty(argv[argv.index("--") + 1:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
