#!/bin/bash
# tests/cli/fill_web_lockout.sh - a network neighbour cannot lock the operator out of the page
# (issue 29, item 6): 40 idle connections from 127.0.0.2, 20 from 127.0.0.4 and 8 clients from
# 127.0.0.3 that send a request's headers a byte a second (never silent) hold no slot the
# operator needs: each address gets a few connections, and a request whose headers have not
# come within seconds is cut off; the operator at 127.0.0.1 still gets the state at once.
# libmicrohttpd's own messages never reach the operator's terminal. Loopback only, 68
# connections at most.
set -eu
P=$PREDUP
D=$TOP/tests/tools/fill_web_drive.py
. "$TOP/tests/lib_cli.sh"
set_dealt 1-2
cp "$TOP/tests/data/machine/exact.conf" exact.conf
"$P" fill set.pbn --machine exact.conf --web 127.0.0.1:0 </dev/null >out.txt 2>err.txt &
fill=$!
trap 'kill $fill 2>/dev/null || true' EXIT
url=$(python3 "$D" url err.txt)
python3 - "$url" >attack.txt <<'PY'
import socket, sys, time, urllib.parse
url = urllib.parse.urlparse(sys.argv[1])
port = url.port

def conn(src):
    s = socket.socket()
    s.bind((src, 0))
    s.settimeout(5)
    try:
        s.connect(("127.0.0.1", port))
    except OSError:
        return None
    return s

idle = [c for c in (conn("127.0.0.2") for _ in range(40)) if c] + \
       [c for c in (conn("127.0.0.4") for _ in range(20)) if c]
slow = [c for c in (conn("127.0.0.3") for _ in range(8)) if c]
line = b"GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 60
for s in slow:
    s.send(line[:20])
time.sleep(0.5)

def operator_gets_state():
    s = conn("127.0.0.1")
    if not s:
        return "no connection"
    try:
        s.sendall(b"GET /state HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
        data = s.recv(200)
    except OSError as e:
        return "error %s" % e
    finally:
        s.close()
    return data.split(b"\r\n")[0].decode("latin-1") or "closed"

print("operator at once:", operator_gets_state())
# the slow clients go on trickling a byte a second; within 12 s they are cut off
cut, sent = set(), 20
for _ in range(12):
    time.sleep(1)
    for i, s in enumerate(slow):
        if i in cut:
            continue
        try:
            s.send(line[sent:sent + 1])
            s.settimeout(0.01)
            if s.recv(100) == b"":
                cut.add(i)
        except socket.timeout:
            pass
        except OSError:
            cut.add(i)
    sent += 1
print("slow clients cut off:", len(cut), "of", len(slow))
print("operator after:", operator_gets_state())
PY
kill $fill 2>/dev/null || true
wait $fill 2>/dev/null || true
grep -q '^operator at once: HTTP/1.1 200 OK$' attack.txt ||
    { echo "the operator was locked out:"; cat attack.txt; exit 1; }
grep -q '^operator after: HTTP/1.1 200 OK$' attack.txt ||
    { echo "the operator was locked out later:"; cat attack.txt; exit 1; }
grep -Eq '^slow clients cut off: ([1-9]|[1-9][0-9]) of [1-9]' attack.txt ||
    { echo "no slow-header client was cut off:"; cat attack.txt; exit 1; }
[ "$(sed -n 's/^slow clients cut off: \([0-9]*\) of \([0-9]*\)$/\1 \2/p' attack.txt | awk '{print ($1 == $2)}')" = 1 ] ||
    { echo "a slow-header client kept its slot:"; cat attack.txt; exit 1; }
# the terminal shows the page's URL and the prompt, never the server's own messages
if grep -Ev '^(operator page: |board 1: insert board 1|  \[answer on the operator page\]|machine predup-sim|predup: interrupted; nothing is lost|$)' err.txt | grep -q .; then
    echo "other lines on the operator's terminal:"; cat err.txt; exit 1
fi
echo "fill_web_lockout: ok"
